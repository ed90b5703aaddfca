import { azureDevOpsOrganizationOf } from "../../../schema/api/integrations";
import { maskSecret } from "../../../schema/api/secret-mask";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { cleanDomain } from "./fields";
import { EMPTY_FORM, serverFieldErrors } from "./forms";
import {
  canGoNext,
  canValidate,
  checkStep,
  createInputOf,
  goNext,
  goPrevious,
  initialWizard,
  markValidated,
  resultText,
  reviewOf,
  setField,
  stepDef,
  stepLabels,
  type WizardState,
} from "./wizard";

// The one wizard engine, driven by each wizard's definition: JIRA's four steps, then the trackers' three.

function filled(): WizardState {
  let s = initialWizard("jira");
  s = setField(s, "name", "Team JIRA");
  s = setField(s, "domain", "acme.atlassian.net");
  s = setField(s, "email", "pat@example.com");
  s = setField(s, "apiToken", "fake-jira-token");
  s = setField(s, "projectKey", "sl");
  return s;
}

describe("JIRA wizard", () => {
  it("disables Validate until the step's fields are filled", () => {
    let s = initialWizard("jira");
    expect(canValidate(s)).toBe(false);
    s = setField(s, "name", "Team JIRA");
    expect(canValidate(s)).toBe(false);
    s = setField(s, "domain", "   ");
    expect(canValidate(s)).toBe(false);
    s = setField(s, "domain", "acme.atlassian.net");
    expect(canValidate(s)).toBe(true);
  });

  it("opens Next only after the step validated, and closes it again when a field of the step changes", () => {
    let s = filled();
    expect(canGoNext(s)).toBe(false);
    expect(goNext(s)).toBe(s);
    s = markValidated(s, 1, { serverTitle: "Acme" });
    expect(canGoNext(s)).toBe(true);
    s = setField(s, "domain", "other.atlassian.net");
    expect(canGoNext(s)).toBe(false);
    s = markValidated(s, 1, { serverTitle: null });
    s = goNext(s);
    expect(s.step).toBe(2);
    expect(canGoNext(s)).toBe(false);
  });

  it("undoes later steps' checks when an earlier field changes, and keeps earlier ones", () => {
    let s = filled();
    s = markValidated(s, 1, { serverTitle: null });
    s = markValidated(s, 2, { displayName: "Pat" });
    s = markValidated(s, 3, { name: "StoryLoom", key: "SL", issueTypes: [] });
    const afterEmail = setField(s, "email", "sam@example.com");
    expect(afterEmail.results).toEqual({ 1: { serverTitle: null } });
    const afterDomain = setField(s, "domain", "x.atlassian.net");
    expect(afterDomain.results).toEqual({});
    const afterKey = setField(s, "projectKey", "AB");
    expect(Object.keys(afterKey.results)).toEqual(["1", "2"]);
    // The same value typed again changes nothing.
    expect(setField(s, "email", "pat@example.com")).toBe(s);
  });

  it("forces the project key to upper case as typed", () => {
    expect(setField(initialWizard("jira"), "projectKey", "sl-1").values.projectKey).toBe("SL-1");
  });

  it("goes back with Previous, never before step 1", () => {
    let s = markValidated(filled(), 1, { serverTitle: null });
    s = goNext(s);
    expect(goPrevious(s).step).toBe(1);
    expect(goPrevious(goPrevious(s)).step).toBe(1);
  });

  it("checks each step with the shared schemas' messages", () => {
    const empty = initialWizard("jira").values;
    expect(checkStep("jira", 1, { ...empty, name: "J" })).toEqual({
      ok: false,
      errors: { domain: "Domain is required" },
    });
    expect(checkStep("jira", 1, { ...empty, name: "J", domain: "acme.example.com" })).toEqual({
      ok: false,
      errors: { domain: "Invalid domain format. Use format: your-site.atlassian.net" },
    });
    expect(checkStep("jira", 1, { ...empty, name: "J", domain: "https://Acme.atlassian.net/" })).toEqual({
      ok: true,
      request: { domain: "acme.atlassian.net" },
    });
    const step2 = checkStep("jira", 2, { ...empty, domain: "acme.atlassian.net" });
    expect(step2).toEqual({
      ok: false,
      errors: { email: "Email and API token are required", apiToken: "Email and API token are required" },
    });
    const step3 = checkStep("jira", 3, { ...filled().values, projectKey: "" });
    expect(step3).toEqual({ ok: false, errors: { projectKey: "Project key is required" } });
    expect(checkStep("jira", 3, filled().values)).toEqual({
      ok: true,
      request: {
        domain: "acme.atlassian.net",
        email: "pat@example.com",
        apiToken: "fake-jira-token",
        projectKey: "SL",
      },
    });
  });

  it("creates an active JIRA integration from what was checked", () => {
    expect(createInputOf(filled())).toEqual({
      type: "jira",
      name: "Team JIRA",
      isActive: true,
      config: { domain: "acme.atlassian.net", email: "pat@example.com", apiToken: "fake-jira-token", projectKey: "SL" },
    });
  });

  it("has four steps, and reviews the integration as it will be created", () => {
    expect(stepLabels("jira")).toEqual(["JIRA site", "Sign in", "Project", "Review"]);
    let s = setField(filled(), "domain", "https://Acme.atlassian.net/");
    s = markValidated(s, 1, { serverTitle: "Acme" });
    expect(resultText(s, 1)).toBe("Found Acme (acme.atlassian.net).");
    s = markValidated(s, 2, { displayName: "Pat" });
    s = markValidated(s, 3, { name: "StoryLoom", key: "SL", issueTypes: [{ id: "1", name: "Story" }] });
    expect(resultText(s, 3)).toBe("Project StoryLoom (SL)");
    s = goNext(goNext(goNext(s)));
    expect(s.step).toBe(4);
    expect(reviewOf(s)).toEqual({
      rows: [
        ["Name", "Team JIRA"],
        ["JIRA domain", "acme.atlassian.net"],
        ["Signed in as", "Pat"],
        ["Email", "pat@example.com"],
        ["API token", "••••oken"],
        ["Project", "StoryLoom (SL)"],
      ],
      note: "Exports create an epic in this project, with each user story under it.",
    });
  });

  it("shows a token as its last four characters only", () => {
    expect(maskSecret("fake-jira-token")).toBe("••••oken");
    expect(maskSecret("abc")).toBe("••••");
    expect(cleanDomain(" http://acme.atlassian.net// ")).toBe("acme.atlassian.net");
  });
});

/** An Azure DevOps wizard filled in as typed, with step 2 checked: the project Fabrikam, with its story type and points field. */
function azureWizardChecked(
  organization: string,
  destination: string,
  found: { storyType: string; storyPointsField: string | null },
) {
  let s = initialWizard("azure-devops");
  for (const [field, value] of [
    ["name", "Boards"],
    ["organization", organization],
    ["token", "pat-1234"],
    ["project", destination],
  ] as const)
    s = setField(s, field, value);
  return markValidated(s, 2, { name: "Fabrikam", epicType: "Epic", acceptanceCriteria: true, ...found });
}

describe("tracker wizards (Linear, GitHub Issues, Azure DevOps)", () => {
  it("has three steps: connect, destination, review", () => {
    for (const type of ["linear", "github", "azure-devops"] as const)
      expect(stepLabels(type)).toEqual(["Connect", "Destination", "Review"]);
  });

  it("asks Azure DevOps for its organisation in step 1, the others only for name and credential", () => {
    let linear = setField(initialWizard("linear"), "name", "Team Linear");
    expect(canValidate(linear)).toBe(false);
    linear = setField(linear, "apiKey", "lin_api_x");
    expect(canValidate(linear)).toBe(true);

    let azure = setField(initialWizard("azure-devops"), "name", "Boards");
    azure = setField(azure, "token", "pat");
    expect(canValidate(azure)).toBe(false);
    azure = setField(azure, "organization", "contoso");
    expect(canValidate(azure)).toBe(true);
    expect(stepDef(azure)?.fields.map((field) => field.label)).toEqual([
      "Integration name",
      "Organization",
      "Personal access token",
    ]);
  });

  it("opens Next only after a step's check, and a change to step 1 undoes both checks (epicAs undoes none)", () => {
    let s = setField(setField(initialWizard("linear"), "name", "L"), "apiKey", "lin_api_x");
    expect(canGoNext(s)).toBe(false);
    s = markValidated(s, 1, { name: "Pat", teams: [{ id: "t1", key: "ENG", name: "Engineering" }] });
    s = goNext(s);
    expect(s.step).toBe(2);
    expect(stepDef(s)?.choices?.(s.results)).toEqual([{ value: "ENG", label: "Engineering (ENG)" }]);
    s = setField(s, "teamKey", "ENG");
    s = markValidated(s, 2, { id: "t1", key: "ENG", name: "Engineering", estimates: "fibonacci", label: true });
    expect(canGoNext(s)).toBe(true);
    expect(canGoNext(setField(s, "epicAs", "project"))).toBe(true);
    const destinationChanged = setField(s, "teamKey", "OPS");
    expect(destinationChanged.results[1]).toBeDefined();
    expect(destinationChanged.results[2]).toBeUndefined();
    const keyChanged = setField(s, "apiKey", "lin_api_other");
    expect(keyChanged.results).toEqual({});
    expect(goPrevious(s).step).toBe(1);
  });

  it("offers GitHub's repositories from the token check in step 2, any other still typed", () => {
    let s = setField(setField(initialWizard("github"), "name", "Issues"), "token", "ghp_x");
    const me = {
      login: "pat-morgan",
      name: "Pat Morgan",
      repositories: ["storyloom-demo/backlog", "storyloom-demo/website"],
      moreRepositories: false,
    };
    s = markValidated(s, 1, me);
    expect(resultText(s, 1)).toBe("Signed in to GitHub as pat-morgan. 2 repositories to choose from.");
    s = goNext(s);
    const field = stepDef(s)!.fields[0]!;
    // The same text input as Manual Setup's (label, placeholder, hint), offering the list as suggestions.
    expect([field.label, field.control, field.placeholder, field.hint]).toEqual([
      "Repository",
      undefined,
      "owner/name",
      "As in github.com/owner/name; a pasted link works too.",
    ]);
    expect(field.suggest).toEqual({ hint: "Choose one of the token's repositories, or type another. " });
    expect(stepDef(s)?.choices?.(s.results)).toEqual([
      { value: "storyloom-demo/backlog", label: "storyloom-demo/backlog" },
      { value: "storyloom-demo/website", label: "storyloom-demo/website" },
    ]);
    // Typing one that is not offered is checked as before.
    s = setField(s, "repository", "https://github.com/acme/roadmap");
    expect(checkStep("github", 2, s.values)).toEqual({
      ok: true,
      request: { token: "ghp_x", repository: "acme/roadmap" },
    });

    const text = (result: Partial<typeof me>) => resultText(markValidated(s, 1, { ...me, ...result }), 1);
    expect(text({ repositories: ["acme/app"], moreRepositories: true })).toBe(
      "Signed in to GitHub as pat-morgan. 1 repository to choose from among the 100 most recently pushed; type any other in the next step.",
    );
    expect(text({ repositories: [] })).toBe(
      "Signed in to GitHub as pat-morgan. No repository to choose from: type it in the next step.",
    );
    expect(text({ repositories: [], moreRepositories: true })).toBe(
      "Signed in to GitHub as pat-morgan. No repository to choose from among the 100 most recently pushed: type it in the next step.",
    );
  });

  it("checks each step with the shared schemas' messages and builds the server check's request", () => {
    const values = { ...EMPTY_FORM, token: "has space" };
    const refused = checkStep("github", 1, values);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors.name).toBe("Please provide integration type and name.");
      expect(refused.errors.token).toBe("Secrets cannot contain spaces or line breaks.");
    }
    const repo = checkStep("github", 2, {
      ...values,
      name: "Issues",
      token: "ghp_x",
      repository: "https://github.com/acme/roadmap.git",
    });
    expect(repo).toEqual({ ok: true, request: { token: "ghp_x", repository: "acme/roadmap" } });
    const badOrg = checkStep("azure-devops", 1, { ...values, name: "B", token: "pat", organization: "-x-" });
    expect(badOrg.ok).toBe(false);
    const azure = checkStep("azure-devops", 2, {
      ...values,
      name: "B",
      token: "pat",
      organization: "https://dev.azure.com/contoso/",
      project: "Fabrikam",
    });
    expect(azure).toEqual({ ok: true, request: { organization: "contoso", token: "pat", project: "Fabrikam" } });
    // epicAs is chosen freely: Linear's team check sends only the key and the team.
    expect(checkStep("linear", 2, { ...values, apiKey: "lin_api_x", teamKey: "eng", epicAs: "project" })).toEqual({
      ok: true,
      request: { apiKey: "lin_api_x", teamKey: "ENG" },
    });
  });

  it("reads the Azure DevOps organisation out of a pasted address, and shows and saves it as its name", () => {
    for (const pasted of [
      "contoso",
      "https://dev.azure.com/contoso",
      "dev.azure.com/contoso/Fabrikam/_boards",
      "https://contoso.visualstudio.com/",
      " http://www.dev.azure.com/contoso/ ",
    ])
      expect(azureDevOpsOrganizationOf(pasted), pasted).toBe("contoso");
    let s = azureWizardChecked("https://dev.azure.com/contoso/Fabrikam", "Fabrikam", {
      storyType: "User Story",
      storyPointsField: null,
    });
    expect(createInputOf(s).config).toMatchObject({ organization: "contoso" });
    s = markValidated(s, 1, { projects: [{ id: "p", name: "Fabrikam" }] });
    expect(resultText(s, 1)).toBe("Connected to dev.azure.com/contoso: 1 project to choose from.");
    expect(reviewOf(s).rows).toContainEqual(["Organization", "dev.azure.com/contoso"]);
  });

  it("shows a server error under the field it names, among the step's fields", () => {
    const refused = (field: string) =>
      new ApiError(
        400,
        "Bad Request",
        JSON.stringify({
          success: false,
          error: "GitHub refused the access token.",
          code: "bad_request",
          requestId: "r",
          details: { field },
        }),
      );
    const fields = (type: "linear" | "github", step: number) =>
      stepDef({ ...initialWizard(type), step })!.fields.map((field) => field.key);
    expect(serverFieldErrors(refused("token"), fields("github", 1))).toEqual({
      token: "GitHub refused the access token.",
    });
    expect(serverFieldErrors(refused("repository"), fields("github", 2))).toHaveProperty("repository");
    expect(serverFieldErrors(refused("teamKey"), fields("linear", 2))).toHaveProperty("teamKey");
    expect(serverFieldErrors(refused("integrationId"), fields("linear", 1))).toEqual({});
  });

  it("creates with the destination as the tracker spells it, and says what an export will create", () => {
    const s = azureWizardChecked("contoso", "fabrikam", {
      storyType: "Product Backlog Item",
      storyPointsField: "Microsoft.VSTS.Scheduling.Effort",
    });
    expect(createInputOf(s)).toEqual({
      type: "azure-devops",
      name: "Boards",
      isActive: true,
      config: { organization: "contoso", project: "Fabrikam", token: "pat-1234" },
    });
    expect(reviewOf(s).note).toBe(
      "Exports create an Epic work item, with each user story as a Product Backlog Item under it, its story points set.",
    );
    let linear = setField(initialWizard("linear"), "epicAs", "project");
    linear = markValidated(linear, 2, {
      id: "t",
      key: "ENG",
      name: "Engineering",
      estimates: null,
      label: false,
    });
    expect(reviewOf(linear).note).toBe(
      "Exports create a project in Engineering, with each user story as an issue in it.",
    );
    expect(resultText(linear, 2)).toBe(
      'Team Engineering (ENG). It does not estimate. No "storyloom" label: create one in Linear to label exports.',
    );
  });
});
