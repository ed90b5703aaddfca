import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectToast, PHONE, registerFreshUser, screenshotBoth, uniqueName } from "./support";

// Projects, dashboard and history journeys. Each test registers its own account (no email, so it is signed in at
// once): the demo account is on the free plan and shared with other specs.

async function createSampleTranscripts(page: Page, baseURL: string, count: number): Promise<number[]> {
  const response = await page.request.post("/api/dev/sample-transcripts", {
    data: { count },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { ids: number[] }).ids;
}

/** Fills and submits the open project dialog. */
async function fillProjectDialog(page: Page, values: { name?: string; description?: string; color?: string }) {
  const dialog = page.getByRole("dialog");
  if (values.name !== undefined) await dialog.getByLabel("Name").fill(values.name);
  if (values.description !== undefined) await dialog.getByLabel(/^Description/).fill(values.description);
  if (values.color) {
    await dialog.getByRole("radio", { name: values.color }).click();
    await expect(dialog.getByRole("radio", { name: values.color })).toBeChecked();
  }
  return dialog;
}

/**
 * Screenshots at both widths (support.ts) after checking that nothing in the page's main area crosses the page's
 * 16 px right margin on a phone (a too-wide grid item, a long name or a row of buttons that does not wrap).
 */
async function screenshotChecked(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const offenders = await page.evaluate(() =>
    Array.from(document.querySelectorAll("main > * *"))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth - 16 + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")}`)
      .slice(0, 5),
  );
  expect(offenders, `elements wider than the phone in ${name}`).toEqual([]);
  if (original) await page.setViewportSize(original);
  await screenshotBoth(page, name);
}

function projectsList(page: Page): Locator {
  return page.getByRole("list", { name: "Projects" });
}

/** The project names in the Projects tab, in display order. */
async function projectOrder(page: Page): Promise<string[]> {
  return projectsList(page).getByRole("heading", { level: 3 }).allInnerTexts();
}

function transcriptCard(page: Page, title: string): Locator {
  return page.getByRole("article", { name: title });
}

test("projects: create, search, sort, switch layout, edit, settings, history and delete", async ({ page, baseURL }) => {
  await registerFreshUser(page, baseURL!, "pro");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // Empty overview.
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No transcripts yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate User Stories" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Generate User Stories" })).toHaveCount(0);

  // An empty name is refused with the spec's toast and no call.
  await page.getByRole("button", { name: "Create New Project" }).click();
  let dialog = page.getByRole("dialog", { name: "Create New Project" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name").fill("   ");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Name Required");
  await expect(page.getByText("Please enter a project name.").first()).toBeVisible();

  // First project from the Overview's quick action, red.
  const alpha = uniqueName("Alpha ");
  dialog = await fillProjectDialog(page, { name: alpha, description: "Customer onboarding revamp", color: "Red" });
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project Created");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "Generate User Stories" })).toBeVisible();

  // Second project from the Projects tab, green (the default is blue).
  await page.getByRole("tab", { name: "Projects" }).click();
  await expect(projectsList(page).getByRole("link", { name: alpha, exact: true })).toBeVisible();
  await page.getByRole("button", { name: "New Project" }).last().click();
  dialog = page.getByRole("dialog", { name: "Create New Project" });
  await expect(dialog.getByRole("radio", { name: "Blue" })).toBeChecked();
  const beta = uniqueName("Beta ");
  await fillProjectDialog(page, { name: beta, description: "Billing MIGRATION to the new provider", color: "Green" });
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project Created");
  await expect(projectsList(page).getByRole("heading", { level: 3 })).toHaveCount(2);

  // Search matches the description, case-insensitively.
  const search = page.getByPlaceholder("Search projects...");
  await search.fill("billing migration");
  await expect(projectsList(page).getByRole("heading", { level: 3 })).toHaveText([beta]);
  await search.fill("no such project anywhere");
  await expect(page.getByText("No projects match your search")).toBeVisible();
  await search.fill("");
  await expect(projectsList(page).getByRole("heading", { level: 3 })).toHaveCount(2);

  // Sort: by name (default), then by date created (newest first).
  expect(await projectOrder(page)).toEqual([alpha, beta]);
  await page.getByRole("combobox", { name: "Sort projects" }).click();
  await page.getByRole("option", { name: "Date created" }).click();
  await expect(projectsList(page).getByRole("heading", { level: 3 })).toHaveText([beta, alpha]);
  await page.getByRole("combobox", { name: "Sort projects" }).click();
  await page.getByRole("option", { name: "Name" }).click();
  await expect(projectsList(page).getByRole("heading", { level: 3 })).toHaveText([alpha, beta]);

  // Grid and list layouts.
  await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
  await screenshotChecked(page, "dashboard-projects-grid");
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "false");
  await screenshotChecked(page, "dashboard-projects-list");

  // Edit: the dialog is prefilled; change the description and the colour.
  await page.getByRole("button", { name: `Actions for ${alpha}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Project" });
  await expect(dialog.getByLabel("Name")).toHaveValue(alpha);
  await expect(dialog.getByLabel(/^Description/)).toHaveValue("Customer onboarding revamp");
  await expect(dialog.getByRole("radio", { name: "Red" })).toBeChecked();
  await screenshotBoth(page, "project-dialog-edit");
  await fillProjectDialog(page, { description: "Customer onboarding, second pass", color: "Purple" });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Project Updated");
  await expect(page.getByRole("button", { name: `Actions for ${alpha}` })).toBeFocused();
  await expect(projectsList(page).getByText("Customer onboarding, second pass")).toBeVisible();

  // Settings page, and back.
  await page.getByRole("button", { name: `Actions for ${alpha}` }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/settings$/);
  const alphaId = Number(/\/projects\/(\d+)\/settings/.exec(page.url())![1]);
  await expect(page.getByRole("heading", { name: "Project Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText(alpha, { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText("Purple", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Integrations", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No integrations yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "JIRA Wizard" })).toBeVisible();
  await screenshotChecked(page, "project-settings");
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("tab", { name: "Projects" })).toHaveAttribute("aria-selected", "true");

  // History: three sample transcripts (the second is still 'Processing').
  await createSampleTranscripts(page, baseURL!, 3);
  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "Transcript History", level: 1 })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(3);
  await expect(page.getByText("Processing", { exact: true })).toHaveCount(1);
  await expect(page.getByText("Stories Generated", { exact: true })).toHaveCount(2);
  await expect(cards.first().getByText("No Project").first()).toBeVisible();

  // Assign the newest card to Alpha.
  const first = cards.first();
  const firstTitle = (await first.getByRole("heading", { level: 2 }).innerText()).trim();
  await first.getByRole("combobox", { name: "Assign to project" }).click();
  await page.getByRole("option", { name: alpha }).click();
  await expectToast(page, "Success");
  await expect(transcriptCard(page, firstTitle).getByRole("combobox", { name: "Assign to project" })).toContainText(
    alpha,
  );

  // Expand a card with stories, look, collapse.
  const storied = cards.filter({ hasText: "Stories Generated" }).first();
  const view = storied.getByRole("button", { name: "View" });
  await expect(view).toHaveAttribute("aria-expanded", "false");
  await view.click();
  const hide = storied.getByRole("button", { name: "Hide" });
  await expect(hide).toHaveAttribute("aria-expanded", "true");
  await expect(storied.getByRole("heading", { name: "Original Transcript" })).toBeVisible();
  await expect(storied.getByRole("region", { name: "Original transcript text" })).toBeVisible();
  await expect(storied.getByText("Acceptance criteria").first()).toBeVisible();
  await screenshotChecked(page, "history-expanded");
  await hide.click();
  await expect(storied.getByRole("button", { name: "View" })).toHaveAttribute("aria-expanded", "false");
  await expect(storied.getByRole("heading", { name: "Original Transcript" })).toBeHidden();

  // The processing one says so when expanded.
  const processing = cards.filter({ hasText: "Processing" }).first();
  await processing.getByRole("button", { name: "View" }).click();
  await expect(processing.getByText("Stories are still being generated for this transcript.")).toBeVisible();

  // Delete the processing card after confirming.
  const processingTitle = (await processing.getByRole("heading", { level: 2 }).innerText()).trim();
  await processing.getByRole("button", { name: "Delete transcript" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this transcript? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Success");
  await expect(cards).toHaveCount(2);
  await expect(transcriptCard(page, processingTitle)).toHaveCount(0);

  // /project/{id}: the same screen filtered to Alpha.
  await page.goto(`/project/${alphaId}`);
  await expect(page.getByRole("heading", { name: alpha, level: 1 })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(transcriptCard(page, firstTitle)).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Overview with data, and the Activity tab.
  await page.getByRole("tab", { name: "Overview" }).click();
  const overview = page.getByRole("tabpanel", { name: "Overview" });
  await expect(overview.getByText("Recent Transcripts")).toBeVisible();
  await expect(
    overview.getByRole("listitem").filter({ hasText: firstTitle }).getByText(alpha, { exact: true }).first(),
  ).toBeVisible();
  await expect(overview.getByText(`Moved "${firstTitle}" to ${alpha}`)).toBeVisible();
  await screenshotChecked(page, "dashboard-overview");
  await page.getByRole("tab", { name: "Activity" }).click();
  const activity = page.getByRole("tabpanel", { name: "Activity" });
  await expect(activity.getByText(`Created project ${beta}`)).toBeVisible();
  await expect(activity.getByText(`Deleted transcript "${processingTitle}"`)).toBeVisible();
  await screenshotChecked(page, "dashboard-activity");

  // Delete Beta after the confirmation that mentions its transcripts.
  await page.getByRole("tab", { name: "Projects" }).click();
  await page.getByRole("button", { name: `Actions for ${beta}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const deleteProject = page.getByRole("alertdialog");
  await expect(deleteProject).toContainText(
    `Delete "${beta}"? This permanently deletes the project and all associated transcripts. This action cannot be undone.`,
  );
  await screenshotBoth(page, "project-delete-confirm");
  await deleteProject.getByRole("button", { name: "Delete Project" }).click();
  await expectToast(page, "Project Deleted");
  await expect(projectsList(page).getByRole("heading", { level: 3 })).toHaveText([alpha]);

  // Bad ids: not found, or back to the dashboard for settings.
  await page.goto("/project/999999");
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
  await page.goto("/project/abc");
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
  await page.goto("/projects/0/settings");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/projects/999999/settings");
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
});

test("the free plan's second project is refused with the upgrade toast before any input, and by the server", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Projects" }).click();
  await expect(page.getByText("No projects yet")).toBeVisible();
  await screenshotChecked(page, "dashboard-projects-empty");

  await page.getByRole("button", { name: "Create Your First Project" }).click();
  const first = uniqueName("Solo ");
  const dialog = await fillProjectDialog(page, { name: first });
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project Created");
  await expect(page.getByText("1 of 1 project used on the free plan.")).toBeVisible();

  // at the limit, New Project says so at once: no form to fill in for nothing
  await page.getByRole("button", { name: "New Project" }).last().click();
  await expectToast(page, "Project Limit Reached");
  await expect(
    page
      .getByText("You've reached the 1 project limit on the free plan. Upgrade to Pro for unlimited projects.")
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Create New Project" })).toHaveCount(0);
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // the server refuses all the same (a second tab that had the form open before the first project was made)
  const refused = await page.request.post("/api/projects", {
    data: { name: uniqueName("Second ") },
    headers: { Origin: baseURL! },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Project limit reached");
});

test("history: empty state, a card on a phone, and the keyboard", async ({ page, baseURL }) => {
  await registerFreshUser(page, baseURL!);
  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "No Transcripts Yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
  await screenshotChecked(page, "history-empty");

  await createSampleTranscripts(page, baseURL!, 2);
  const projectName = uniqueName("Phone ");
  const created = await page.request.post("/api/projects", {
    data: { name: projectName },
    headers: { Origin: baseURL! },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.setViewportSize(PHONE);
  await page.goto("/history");
  const card = page.getByRole("article").first();
  await card.getByRole("button", { name: "View" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-expanded", "true");
  // The card keeps the page's 16 px margins, and nothing overflows the phone's width.
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width - 16);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Keyboard: file the card under a project from the dropdown, and cancel a deletion with Escape.
  const select = card.getByRole("combobox", { name: "Assign to project" });
  await select.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option", { name: projectName })).toBeVisible();
  // Radix focuses the current item once the list is open; keys pressed before that are lost on a busy machine.
  await expect(page.getByRole("option", { name: "No Project" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: projectName })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Success");
  await expect(select).toContainText(projectName);
  const remove = card.getByRole("button", { name: "Delete transcript" });
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByRole("article")).toHaveCount(2);
});

// Functional only: speed budgets are measured by `npm run bench`, not asserted in browser tests.
test("history pages a long list with Load more, files one without reloading, and the dashboard counts them all", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!, "pro");
  const headers = { Origin: baseURL! };
  const created = await page.request.post("/api/projects", { data: { name: uniqueName("Bulk ") }, headers });
  expect(created.ok(), await created.text()).toBe(true);
  const project = (await created.json()) as { id: number; name: string };
  for (const count of [50, 50, 20]) await createSampleTranscripts(page, baseURL!, count);

  // The dashboard's count comes from the server's total, not from a loaded list.
  await page.goto("/");
  await expect(page.getByRole("main").getByText("120", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "View all transcripts" })).toBeVisible();

  await page.goto("/history");
  await expect(page.getByText("Showing 50 of 120 transcripts")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(50);
  const loadMore = page.getByRole("button", { name: "Load more" });
  await loadMore.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Showing 100 of 120 transcripts")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(100);
  await screenshotBoth(page, "history-load-more", { fullPage: false, scrollTo: loadMore });

  // A page that fails to load says so in a toast; the rows stay and the button can try again.
  const busy = {
    success: false,
    error: "The service is busy right now. Please try again.",
    code: "service_unavailable",
    requestId: "req_e2e",
  };
  await page.route(/\/api\/transcripts\?cursor=/, (route) => route.fulfill({ status: 503, json: busy }), { times: 1 });
  await loadMore.click();
  await expectToast(page, "Error");
  await expect(page.getByText(busy.error, { exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(100);
  await expect(loadMore).toBeEnabled();
  await loadMore.click();
  await expect(page.getByText("120 transcripts", { exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(120);
  await expect(loadMore).toHaveCount(0);

  const last = page.getByRole("article").last();
  await last.getByRole("combobox", { name: "Assign to project" }).click();
  await page.getByRole("option", { name: project.name }).click();
  await expect(last.getByRole("combobox", { name: "Assign to project" })).toContainText(project.name);
  await expect(page.getByRole("article")).toHaveCount(120);

  await page.goto(`/project/${project.id}`);
  await expect(page.getByText("1 transcript", { exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
});
