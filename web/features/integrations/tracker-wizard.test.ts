import { azureDevOpsOrganizationOf } from "../../../schema/api/integrations";
import { describe, expect, it } from "vitest";
import {
  canGoNextTracker,
  canValidateTracker,
  checkTrackerStep,
  exportPlanText,
  goNextTracker,
  goPreviousTracker,
  initialTrackerWizard,
  markTrackerValidated,
  setTrackerField,
  trackerCreateInputOf,
  wizardFieldOf,
} from "./tracker-wizard";

/** An Azure DevOps wizard filled in as typed, with step 2 checked: the project Fabrikam, with its story type and points field. */
function azureWizardChecked(
  organization: string,
  destination: string,
  found: { storyType: string; storyPointsField: string | null },
) {
  let s = initialTrackerWizard("azure-devops");
  for (const [field, value] of [
    ["name", "Boards"],
    ["organization", organization],
    ["secret", "pat-1234"],
    ["destination", destination],
  ] as const)
    s = setTrackerField(s, field, value);
  return markTrackerValidated(s, 2, { name: "Fabrikam", epicType: "Epic", acceptanceCriteria: true, ...found });
}

describe("tracker wizards (Linear, GitHub Issues, Azure DevOps)", () => {
  it("asks Azure DevOps for its organisation in step 1, the others only for name and credential", () => {
    let linear = setTrackerField(initialTrackerWizard("linear"), "name", "Team Linear");
    expect(canValidateTracker(linear)).toBe(false);
    linear = setTrackerField(linear, "secret", "lin_api_x");
    expect(canValidateTracker(linear)).toBe(true);

    let azure = setTrackerField(initialTrackerWizard("azure-devops"), "name", "Boards");
    azure = setTrackerField(azure, "secret", "pat");
    expect(canValidateTracker(azure)).toBe(false);
    azure = setTrackerField(azure, "organization", "contoso");
    expect(canValidateTracker(azure)).toBe(true);
  });

  it("opens Next only after a step's check, and a change to step 1 undoes both checks (epicAs undoes none)", () => {
    let s = setTrackerField(setTrackerField(initialTrackerWizard("linear"), "name", "L"), "secret", "lin_api_x");
    expect(canGoNextTracker(s)).toBe(false);
    s = markTrackerValidated(s, 1, { name: "Pat", teams: [{ id: "t1", key: "ENG", name: "Engineering" }] });
    s = goNextTracker(s);
    expect(s.step).toBe(2);
    s = setTrackerField(s, "destination", "ENG");
    s = markTrackerValidated(s, 2, { id: "t1", key: "ENG", name: "Engineering", estimates: "fibonacci", label: true });
    expect(canGoNextTracker(s)).toBe(true);
    expect(canGoNextTracker(setTrackerField(s, "epicAs", "project"))).toBe(true);
    const destinationChanged = setTrackerField(s, "destination", "OPS");
    expect(destinationChanged.results[1]).toBeDefined();
    expect(destinationChanged.results[2]).toBeUndefined();
    const keyChanged = setTrackerField(s, "secret", "lin_api_other");
    expect(keyChanged.results).toEqual({});
    expect(goPreviousTracker(s).step).toBe(1);
  });

  it("checks each step with the shared schemas' messages and builds the server check's request", () => {
    const values = { name: "", secret: "has space", organization: "", destination: "", epicAs: "issue" as const };
    const refused = checkTrackerStep("github", 1, values);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors.name).toBe("Please provide integration type and name.");
      expect(refused.errors.secret).toBe("Secrets cannot contain spaces or line breaks.");
    }
    const repo = checkTrackerStep("github", 2, {
      ...values,
      name: "Issues",
      secret: "ghp_x",
      destination: "https://github.com/acme/roadmap.git",
    });
    expect(repo).toEqual({
      ok: true,
      request: { type: "github", step: 2, body: { token: "ghp_x", repository: "acme/roadmap" } },
    });
    const badOrg = checkTrackerStep("azure-devops", 1, { ...values, name: "B", secret: "pat", organization: "-x-" });
    expect(badOrg.ok).toBe(false);
    const azure = checkTrackerStep("azure-devops", 2, {
      ...values,
      name: "B",
      secret: "pat",
      organization: "https://dev.azure.com/contoso/",
      destination: "Fabrikam",
    });
    expect(azure).toEqual({
      ok: true,
      request: {
        type: "azure-devops",
        step: 2,
        body: { organization: "contoso", token: "pat", project: "Fabrikam" },
      },
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
    const s = azureWizardChecked("https://dev.azure.com/contoso/Fabrikam", "Fabrikam", {
      storyType: "User Story",
      storyPointsField: null,
    });
    expect(trackerCreateInputOf(s).config).toMatchObject({ organization: "contoso" });
  });

  it("maps the server's field names onto the wizard's fields", () => {
    expect(wizardFieldOf("apiKey")).toBe("secret");
    expect(wizardFieldOf("token")).toBe("secret");
    expect(wizardFieldOf("repository")).toBe("destination");
    expect(wizardFieldOf("teamKey")).toBe("destination");
    expect(wizardFieldOf("organization")).toBe("organization");
    expect(wizardFieldOf("integrationId")).toBeNull();
  });

  it("creates with the destination as the tracker spells it, and says what an export will create", () => {
    const s = azureWizardChecked("contoso", "fabrikam", {
      storyType: "Product Backlog Item",
      storyPointsField: "Microsoft.VSTS.Scheduling.Effort",
    });
    expect(trackerCreateInputOf(s)).toEqual({
      type: "azure-devops",
      name: "Boards",
      isActive: true,
      config: { organization: "contoso", project: "Fabrikam", token: "pat-1234" },
    });
    expect(exportPlanText(s)).toBe(
      "Exports create an Epic work item, with each user story as a Product Backlog Item under it, its story points set.",
    );
    let linear = setTrackerField(initialTrackerWizard("linear"), "epicAs", "project");
    linear = markTrackerValidated(linear, 2, {
      id: "t",
      key: "ENG",
      name: "Engineering",
      estimates: null,
      label: false,
    });
    expect(exportPlanText(linear)).toBe(
      "Exports create a project in Engineering, with each user story as an issue in it.",
    );
  });
});
