import { expect, test, type Page } from "@playwright/test";
import { expectToast, registerFreshUser, screenshotBoth } from "./support";

// Integrations: a Pro user connects JIRA with the wizard (against the fake JIRA that scripts/e2e.ts starts and the
// Worker reaches through JIRA_API_BASE), exports a transcript from history with the progress dialog, and a repeat
// export creates nothing; a free user gets the plan's card and toast instead.

const FAKE_JIRA = process.env.E2E_FAKE_JIRA_URL;

async function createProject(page: Page, baseURL: string, name: string): Promise<number> {
  const response = await page.request.post("/api/projects", {
    data: { name, description: "", color: "#3B82F6" },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

async function fakeJiraIssueCount(page: Page): Promise<number> {
  const response = await page.request.get(`${FAKE_JIRA}/__fake/issues`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as unknown[]).length;
}

test("JIRA wizard, then export from history with real progress, then 'JIRA Export Already Exists'", async ({
  page,
  baseURL,
}) => {
  test.skip(!FAKE_JIRA, "needs the fake JIRA (E2E_FAKE_JIRA_URL, set by scripts/e2e.ts)");
  await registerFreshUser(page, baseURL!, "pro");
  const projectId = await createProject(page, baseURL!, "Checkout revamp");

  await page.goto(`/projects/${projectId}/settings`);
  await expect(page.getByRole("heading", { name: "No integrations yet" })).toBeVisible();
  await page.getByRole("button", { name: "JIRA Wizard" }).click();
  const wizard = page.getByRole("dialog", { name: "JIRA Wizard" });
  const validate = wizard.getByRole("button", { name: "Validate" });
  const next = wizard.getByRole("button", { name: "Next" });

  // Step 1: name and domain. Validate waits for both fields; Next for a successful check.
  await expect(wizard.getByText("Step 1 of 4: JIRA site")).toBeVisible();
  await expect(validate).toBeDisabled();
  await wizard.getByLabel("Integration name").fill("Team JIRA");
  await wizard.getByLabel("JIRA domain").fill("acme.example.com");
  await validate.click();
  await expect(wizard.getByText("Invalid domain format. Use format: your-site.atlassian.net")).toBeVisible();
  await wizard.getByLabel("JIRA domain").fill("acme.atlassian.net");
  await expect(next).toBeDisabled();
  await validate.click();
  await expectToast(page, "Validation Successful");
  await next.click();

  // Step 2: email and API token; a wrong token is refused by JIRA.
  await expect(wizard.getByText("Step 2 of 4: Sign in")).toBeVisible();
  await expect(wizard.getByRole("link", { name: /Create an API token/ })).toHaveAttribute(
    "href",
    "https://id.atlassian.com/manage-profile/security/api-tokens",
  );
  await wizard.getByLabel("Atlassian account email").fill("pat@example.com");
  await wizard.getByLabel("API token").fill("not-the-token");
  await validate.click();
  await expectToast(page, "Validation Failed");
  await expect(next).toBeDisabled();
  await wizard.getByLabel("API token").fill("fake-jira-token");
  await validate.click();
  await expect(wizard.getByText(/^Signed in as /)).toBeVisible();
  await next.click();

  // Step 3: the key is upper-cased as typed; the check names the project and its issue types.
  await wizard.getByLabel("Project key").pressSequentially("sl");
  await expect(wizard.getByLabel("Project key")).toHaveValue("SL");
  await validate.click();
  await expect(wizard.getByText("Project StoryLoom Demo (SL)")).toBeVisible();
  await expect(wizard.getByRole("list", { name: "Issue types" }).getByText("Story", { exact: true })).toBeVisible();
  await next.click();

  // Step 4: review (the token masked), Previous goes back, create.
  await expect(wizard.getByRole("heading", { name: "Review and create" })).toBeVisible();
  await expect(wizard.getByText("••••oken")).toBeVisible();
  await screenshotBoth(page, "integrations-wizard-review", { fullPage: false });
  await wizard.getByRole("button", { name: "Previous" }).click();
  await expect(wizard.getByLabel("Project key")).toHaveValue("SL");
  await next.click();
  await wizard.getByRole("button", { name: "Create Integration" }).click();
  await expectToast(page, "Integration Created");
  await expect(wizard).toBeHidden();
  // focus is back on the button that opened the wizard
  await expect(page.getByRole("button", { name: "JIRA Wizard" })).toBeFocused();
  // and Manual Setup's, closed without a change, gives it back to its own button
  await page.getByRole("button", { name: "Manual Setup" }).click();
  await expect(page.getByRole("dialog", { name: "Manual Setup" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Manual Setup" })).toBeFocused();
  const row = page.getByRole("list", { name: "Integrations" }).getByRole("listitem").filter({ hasText: "Team JIRA" });
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await expect(row.getByText("acme.atlassian.net · Project SL")).toBeVisible();
  await expect(row.getByText("••••oken")).toBeVisible();
  await screenshotBoth(page, "integrations-settings");

  // A transcript with stories in the project.
  const seeded = await page.request.post("/api/dev/sample-transcripts", {
    data: { count: 1, projectId },
    headers: { Origin: baseURL! },
  });
  expect(seeded.ok(), await seeded.text()).toBe(true);

  // The export's answer is held back 1.5 s after the server has finished: the bar must reach the end from the
  // polled progress alone, while the dialog still says it is exporting.
  const polls: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/transcripts\/\d+\/exports\/\d+$/.test(request.url())) polls.push(request.url());
  });
  await page.route("**/api/transcripts/*/export/jira", async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response });
  });
  const issuesBefore = await fakeJiraIssueCount(page);

  await page.goto("/history");
  const card = page.getByRole("article").first();
  const storyCount = Number((await card.getByText(/^\d+ stor(y|ies)$/).textContent())!.split(" ")[0]);
  await card.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Export to Team JIRA" }).click();
  const dialog = page.getByRole("dialog", { name: "Exporting to JIRA" });
  await expect(dialog).toBeVisible();
  const bar = dialog.getByRole("progressbar");
  await expect(bar).toHaveAttribute("aria-valuemax", String(storyCount + 1));
  await expect(bar).toHaveAttribute("aria-valuenow", String(storyCount + 1));
  await expect(dialog.getByText("Exporting…")).toBeVisible();
  expect(polls.length).toBeGreaterThan(0);

  // Done: the dialog closes (docs/product-spec.md §4), focus goes back to the Export button, and one toast says what was made,
  // with the link to the epic.
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("button", { name: "Export" })).toBeFocused();
  await expectToast(page, "Export Complete");
  const toastRegion = page.getByRole("region", { name: /Notifications/ });
  await expect(
    toastRegion.getByText(`Created the epic and ${storyCount} ${storyCount === 1 ? "story" : "stories"} in Team JIRA.`),
  ).toBeVisible();
  const epicLink = toastRegion.getByRole("link", { name: /Open the epic in JIRA \(SL-\d+\)/ });
  await expect(epicLink).toHaveAttribute("href", /^https:\/\/acme\.atlassian\.net\/browse\/SL-\d+$/);
  await expect(epicLink).toHaveAttribute("target", "_blank");
  expect(await fakeJiraIssueCount(page)).toBe(issuesBefore + storyCount + 1);
  await screenshotBoth(page, "integrations-export-done", { fullPage: false });

  // Again: nothing new is created, and the toast says so with the same link.
  await page.unroute("**/api/transcripts/*/export/jira");
  await card.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Export to Team JIRA" }).click();
  await expectToast(page, "JIRA Export Already Exists");
  await expect(toastRegion.getByText(/nothing new was created/)).toBeVisible();
  await expect(toastRegion.getByRole("link", { name: /Open the epic in JIRA/ })).toBeVisible();
  expect(await fakeJiraIssueCount(page)).toBe(issuesBefore + storyCount + 1);
  await screenshotBoth(page, "integrations-export-already", { fullPage: false });

  // Escape closes the dialog while the export runs; the export carries on and still reports.
  await page.route("**/api/transcripts/*/export/jira", async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response });
  });
  const answered = page.waitForResponse((response) => /\/export\/jira$/.test(response.url()));
  await card.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Export to Team JIRA" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("button", { name: "Export" })).toBeFocused();
  await expectToast(page, "JIRA Export Already Exists");
  await answered;
  await page.unroute("**/api/transcripts/*/export/jira");

  // The next meeting (issue 41): its stories reviewed against the project's open issues under the first meeting's
  // epic; one is linked to the issue it repeats (created, then a Relates link), the rest added to theirs.
  const nextMeeting = await page.request.post("/api/dev/sample-transcripts", {
    data: { count: 1, projectId },
    headers: { Origin: baseURL! },
  });
  expect(nextMeeting.ok(), await nextMeeting.text()).toBe(true);
  await page.goto("/history");
  const nextCard = page.getByRole("article").first();
  await nextCard.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Review before exporting to Team JIRA…" }).click();
  const review = page.getByRole("dialog", { name: "Review before exporting to Team JIRA" });
  await expect(review.getByText(/open items? compared/)).toBeVisible();
  await review.getByRole("combobox", { name: "Epic" }).click();
  await page
    .getByRole("option", { name: /^SL-\d+: / })
    .first()
    .click();
  const rows = review.getByRole("listitem").filter({ has: page.getByRole("combobox") });
  await expect(rows).toHaveCount(storyCount);
  await expect(rows.first().getByRole("combobox")).toHaveText(/^Add to SL-\d+$/);
  await rows.nth(1).getByRole("combobox").click();
  await page
    .getByRole("option", { name: /^Link to SL-/ })
    .first()
    .click();
  await review.getByLabel("Remember for this project").check();
  await screenshotBoth(page, "integrations-review-before-export", { fullPage: false });
  const issuesThen = await fakeJiraIssueCount(page);
  await review.getByRole("button", { name: /^Export 1 story/ }).click();
  await expectToast(page, "Export Complete");
  await expect(toastRegion.getByText(/^Created 1 story in Team JIRA\. Linked 1 to an existing item/)).toBeVisible();
  expect(await fakeJiraIssueCount(page)).toBe(issuesThen + 1);

  // The project remembers the epic: its settings say so, and offer a new epic for each export instead.
  await page.goto(`/projects/${projectId}/settings`);
  const integrationCard = page.getByRole("list", { name: "Integrations" }).getByRole("listitem").first();
  await expect(integrationCard.getByText(/^Stories go under/)).toBeVisible();
  const epicButton = integrationCard.getByRole("button", { name: "Choose the epic for Team JIRA" });
  await epicButton.click();
  const epicDialog = page.getByRole("dialog", { name: "Epic for Team JIRA" });
  await expect(epicDialog.getByRole("combobox", { name: "Epic" })).toHaveText(/^SL-\d+: /);
  await screenshotBoth(page, "integrations-epic-dialog", { fullPage: false });
  await epicDialog.getByRole("combobox", { name: "Epic" }).click();
  await page.getByRole("option", { name: "A new epic for each export" }).click();
  await epicDialog.getByRole("button", { name: "Save Epic" }).click();
  await expectToast(page, "Epic Saved");
  await expect(integrationCard.getByText("Each export makes a new epic")).toBeVisible();
  await expect(epicButton).toBeFocused();
});

test("free plan: the settings card, and 'Integrations Not Available' before any input and from the server", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const projectId = await createProject(page, baseURL!, "Free project");
  await page.goto(`/projects/${projectId}/settings`);
  await expect(
    page.getByText("JIRA and Notion integrations are only available on Pro and Enterprise plans."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/subscription");

  // both entries say why at once: no form to fill in for nothing
  for (const entry of ["JIRA Wizard", "Manual Setup"]) {
    await page.getByRole("button", { name: entry }).click();
    await expectToast(page, "Integrations Not Available");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // the server refuses all the same
  const refused = await page.request.post(`/api/projects/${projectId}/integrations`, {
    data: {
      type: "jira",
      name: "Team JIRA",
      config: { domain: "acme.atlassian.net", email: "pat@example.com", apiToken: "fake-jira-token", projectKey: "SL" },
    },
    headers: { Origin: baseURL! },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Integrations are only available");
});
