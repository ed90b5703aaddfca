import { readFileSync } from "node:fs";
import { expect, test, type Download, type Locator, type Page } from "@playwright/test";
import { timelineChoices } from "../web/shared/stories/edit-stories";
import { expectToast, PHONE, DESKTOP, registerFreshUser, screenshot, screenshotBoth } from "./support";

// Story editor and exports: edit, save, reload, reset, the unsaved-changes guard, and every export's file name and
// content from the generator and from a history card. One account per test (generations are counted monthly).

const TRANSCRIPT = readFileSync(
  new URL("../worker/test/fixtures/transcripts/synthetic/sso-audit-refinement.txt", import.meta.url),
  "utf8",
);
const TITLE = "SSO audit refinement";

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const panel = (page: Page) => page.getByRole("region", { name: "Generated Stories" });
const editor = (page: Page) => page.getByRole("dialog", { name: "Edit Stories Before Export" });
/** A story's heading in the stories view: "Story N" then the title. */
const storyHeading = (scope: Locator, title: string) =>
  scope.getByRole("heading", { name: new RegExp(`^Story \\d+\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });
const storyGroup = (dialog: Locator, n: number) => dialog.getByRole("group", { name: `Story ${n}`, exact: true });

async function generate(page: Page): Promise<void> {
  await page.goto("/generate");
  await page.getByLabel("Transcript title").fill(TITLE);
  await page.getByLabel("Transcript", { exact: true }).fill(TRANSCRIPT);
  await page.getByRole("button", { name: "Generate User Stories & Epics" }).click();
  await expectToast(page, "Stories Generated Successfully");
}

const LONG_CRITERION =
  "Given an administrator who opens the audit log with more than a thousand events recorded since the last export, " +
  "when they filter by the identity provider and a date range that spans a daylight-saving change, then every event " +
  "in that range is listed once, in the order it happened, with its actor, its action and the time in their own zone.";

/** Whether the page would ask before a reload or a closed tab: a cancelable beforeunload is prevented. */
async function beforeUnloadPrevented(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

async function chooseOption(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.getByRole("option", { name: option }).click();
}

async function download(page: Page, trigger: Locator, item: string): Promise<{ file: Download; text: string }> {
  await trigger.click();
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: item }).click()]);
  const path = await file.path();
  return { file, text: readFileSync(path!, "latin1") };
}

test("editor: change the epic and stories, save, reload, reset, and the unsaved-changes guard", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await registerFreshUser(page, baseURL!);
  await generate(page);
  const originalEpic = (await panel(page).getByRole("heading", { level: 3 }).first().textContent())!.trim();
  const storyCount = await panel(page).getByRole("list", { name: "User stories" }).locator(":scope > li").count();
  expect(storyCount).toBeGreaterThan(2);

  await panel(page).getByRole("button", { name: "Edit" }).click();
  const dialog = editor(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Epic Details" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByLabel("Title")).toHaveValue(originalEpic);
  await screenshotBoth(page, "editor-epic", { fullPage: false });

  // Epic: title, priority (Priority and Epic Priority are one field), timeline, team.
  await dialog.getByLabel("Title").fill("Enterprise SSO and audit log");
  await chooseOption(page, dialog.getByRole("combobox", { name: "Priority", exact: true }), "Highest");
  await expect(dialog.getByRole("combobox", { name: "Epic Priority" })).toContainText("Highest");
  // (the choices run from this quarter: the second is always a future one)
  const quarter = timelineChoices()[1]!.value;
  await chooseOption(page, dialog.getByRole("combobox", { name: "Timeline" }), new RegExp(`^${quarter}`));
  await dialog.getByLabel("Team/Component").fill("Identity team");

  // Stories: first story's priority and hours, a new criterion; delete the second; add one.
  await dialog.getByRole("tab", { name: `User Stories (${storyCount})` }).click();
  const first = storyGroup(dialog, 1);
  const firstTitle = await first.getByLabel("Title").inputValue();
  await chooseOption(page, first.getByRole("combobox", { name: "Priority" }), "Lowest");
  await first.getByLabel("Estimated Hours").fill("");
  await first.getByLabel("Estimated Hours").fill("21");
  await first.getByRole("button", { name: "Add Criterion" }).click();
  await expect(first.getByRole("textbox", { name: /^Criterion \d+$/ }).last()).toBeFocused();
  await first
    .getByRole("textbox", { name: /^Criterion \d+$/ })
    .last()
    .fill("Edits survive a reload of the page.");
  const secondTitle = await storyGroup(dialog, 2).getByLabel("Title").inputValue();
  await storyGroup(dialog, 2)
    .getByRole("button", { name: /^Delete Story 2/ })
    .click();
  await page
    .getByRole("alertdialog", { name: "Delete this story?" })
    .getByRole("button", { name: "Delete Story" })
    .click();
  await dialog.getByRole("button", { name: "Add Story" }).click();
  const added = storyGroup(dialog, storyCount);
  await expect(added.getByLabel("Title")).toHaveValue("New User Story");
  await expect(added.getByLabel("Title")).toBeFocused();
  await added.getByLabel("Title").fill("Export the audit log as CSV");
  await expect(dialog.getByRole("tab", { name: `User Stories (${storyCount})` })).toBeVisible();
  await screenshotBoth(page, "editor-stories", { fullPage: false });

  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Changes Saved");
  await expect(dialog).toBeHidden();
  await expect(panel(page).getByRole("heading", { name: "Enterprise SSO and audit log" })).toBeVisible();

  // A reload shows the saved edits (the server holds them; the generator remembers which transcript it showed).
  await page.reload();
  const results = panel(page);
  await expect(results.getByRole("heading", { name: "Enterprise SSO and audit log" })).toBeVisible();
  await expect(results.getByText(`Timeline: ${quarter}`)).toBeVisible();
  await expect(results.getByText("Identity team")).toBeVisible();
  await expect(results.getByText("Edits survive a reload of the page.")).toBeVisible();
  await expect(storyHeading(results, "Export the audit log as CSV")).toBeVisible();
  await expect(storyHeading(results, secondTitle)).toHaveCount(0);
  await expect(storyHeading(results, firstTitle)).toBeVisible();

  // Closing with unsaved changes asks first; Keep Editing keeps them, Discard Changes drops them.
  await results.getByRole("button", { name: "Edit" }).click();
  await dialog.getByLabel("Title").fill("Not saved");
  await page.keyboard.press("Escape");
  const confirm = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Keep Editing" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue("Not saved");
  await page.keyboard.press("Escape");
  await confirm.getByRole("button", { name: "Discard Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(results.getByRole("heading", { name: "Enterprise SSO and audit log" })).toBeVisible();
  // focus goes back to what opened the editor, after a discard and after a plain Escape
  await expect(results.getByRole("button", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(results.getByRole("button", { name: "Edit" })).toBeFocused();

  // Reset to Original restores the first generation, also after the reload; saving it makes it the result again.
  await results.getByRole("button", { name: "Edit" }).click();
  await dialog.getByRole("button", { name: "Reset to Original" }).click();
  await expectToast(page, "Reset Complete");
  await expect(dialog.getByLabel("Title")).toHaveValue(originalEpic);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Changes Saved");
  await expect(results.getByRole("heading", { name: originalEpic, exact: true })).toBeVisible();
  await expect(results.getByText("Edits survive a reload of the page.")).toHaveCount(0);
  await expect(storyHeading(results, secondTitle)).toBeVisible();
});

test("editor: long criteria, story points, delete with confirmation and undo, a new story's defaults, the reload warning", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await registerFreshUser(page, baseURL!);
  await generate(page);
  const storyCount = await panel(page).getByRole("list", { name: "User stories" }).locator(":scope > li").count();
  expect(storyCount).toBeGreaterThan(2);
  expect(await beforeUnloadPrevented(page)).toBe(false);

  await panel(page).getByRole("button", { name: "Edit" }).click();
  const dialog = editor(page);
  await dialog.getByRole("tab", { name: `User Stories (${storyCount})` }).click();
  const first = storyGroup(dialog, 1);
  const firstTitle = await first.getByLabel("Title").inputValue();
  await first.getByLabel("Estimated Hours").fill("21");
  // Points by keyboard (1, 2, 3, 5, 8, 13); hours someone typed stay as they are.
  const points = first.getByRole("combobox", { name: "Story Points" });
  await points.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option")).toHaveText([
    "1 point",
    "2 points",
    "3 points",
    "5 points",
    "8 points",
    "13 points",
  ]);
  await page.getByRole("option", { name: "8 points" }).focus();
  await page.keyboard.press("Enter");
  await expect(points).toHaveText("8 points");
  await expect(points).toBeFocused();
  await expect(first.getByLabel("Estimated Hours")).toHaveValue("21");
  await first.getByRole("button", { name: "Add Criterion" }).click();
  const criteria = first.getByRole("textbox", { name: /^Criterion \d+$/ });
  await expect(criteria.last()).toBeFocused();
  await criteria.last().fill("Edits survive a reload of the page.");
  // A long criterion is shown whole: its box grows with the text instead of cutting it off.
  await criteria.first().fill(LONG_CRITERION);
  const fit = await criteria.first().evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
  expect(fit.client).toBeGreaterThan(50);
  expect(fit.scroll).toBeLessThanOrEqual(fit.client + 1);
  // Enter starts a new criterion after it (a criterion is one line in every export); Backspace at its start joins back.
  const before = await criteria.count();
  await criteria.first().press("End");
  await page.keyboard.press("Enter");
  await expect(criteria).toHaveCount(before + 1);
  await expect(criteria.nth(1)).toBeFocused();
  await expect(criteria.nth(1)).toHaveValue("");
  await page.keyboard.type("A second line");
  await page.keyboard.press("Home");
  await page.keyboard.press("Backspace");
  await expect(criteria).toHaveCount(before);
  await expect(criteria.first()).toHaveValue(`${LONG_CRITERION}A second line`);
  await expect(criteria.first()).toBeFocused();
  await criteria.first().fill(LONG_CRITERION);
  await screenshotBoth(page, "editor-long-criterion", { fullPage: false, scrollTo: criteria.first() });
  await points.click();
  await expect(page.getByRole("option", { name: "8 points" })).toBeVisible();
  await page.waitForTimeout(200); // the list's open animation
  await screenshot(page, "editor-points-open-desktop");
  await page.keyboard.press("Escape");
  await expect(points).toBeFocused();

  // Delete asks first; Cancel keeps the story and focus on its Delete button.
  const second = storyGroup(dialog, 2);
  const secondTitle = await second.getByLabel("Title").inputValue();
  const deleteSecond = second.getByRole("button", { name: /^Delete Story 2/ });
  await deleteSecond.click();
  const confirmDelete = page.getByRole("alertdialog", { name: "Delete this story?" });
  await expect(confirmDelete).toContainText(`Story 2, “${secondTitle}”, will be removed`);
  await confirmDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(deleteSecond).toBeFocused();
  await expect(storyGroup(dialog, 2).getByLabel("Title")).toHaveValue(secondTitle);
  // Confirmed, the story goes and Undo takes its place (and the focus); Undo puts it back where it was.
  await deleteSecond.click();
  await confirmDelete.getByRole("button", { name: "Delete Story" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(dialog.getByRole("status").filter({ hasText: "Story deleted" })).toContainText(secondTitle);
  const undo = dialog.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await expect(dialog.getByRole("tab", { name: `User Stories (${storyCount - 1})` })).toBeVisible();
  await expect(storyGroup(dialog, 2).getByLabel("Title")).not.toHaveValue(secondTitle);
  await screenshotBoth(page, "editor-story-deleted", { fullPage: false, scrollTo: undo });
  await undo.click();
  await expect(storyGroup(dialog, 2).getByLabel("Title")).toHaveValue(secondTitle);
  await expect(storyGroup(dialog, 2).getByLabel("Title")).toBeFocused();
  await expect(dialog.getByText("Story deleted")).toHaveCount(0);
  await storyGroup(dialog, 2)
    .getByRole("button", { name: /^Delete Story 2/ })
    .click();
  await confirmDelete.getByRole("button", { name: "Delete Story" }).click();
  await expect(undo).toBeFocused();

  // A new story: Medium, 5 points and the hours they imply, an empty criterion ready to type.
  await dialog.getByRole("button", { name: "Add Story" }).click();
  const added = storyGroup(dialog, storyCount);
  await expect(added.getByLabel("Title")).toHaveValue("New User Story");
  await expect(added.getByLabel("Title")).toBeFocused();
  await expect(added.getByRole("combobox", { name: "Priority" })).toHaveText("Medium");
  await expect(added.getByRole("combobox", { name: "Story Points" })).toHaveText("5 points");
  await expect(added.getByLabel("Estimated Hours")).toHaveValue("18");
  await expect(added.getByRole("textbox", { name: "Criterion 1" })).toHaveValue("");
  await expect(added.getByRole("textbox", { name: "Criterion 1" })).toHaveAttribute(
    "placeholder",
    "Acceptance criteria here",
  );
  await added.getByLabel("Title").fill("Export the audit log as CSV");
  // Points the hours follow while nobody has typed hours.
  await chooseOption(page, added.getByRole("combobox", { name: "Story Points" }), /^3 points$/);
  await expect(added.getByLabel("Estimated Hours")).toHaveValue("9");
  await added.getByRole("textbox", { name: "Criterion 1" }).fill("The file has one row per audit event.");
  await expect(dialog.getByRole("tab", { name: `User Stories (${storyCount})` })).toBeVisible();
  await screenshotBoth(page, "editor-stories", { fullPage: false });

  // While there are unsaved edits, a reload or a closed tab asks first (beforeunload); not once they are saved.
  expect(await beforeUnloadPrevented(page)).toBe(true);

  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Changes Saved");
  await expect(dialog).toBeHidden();
  expect(await beforeUnloadPrevented(page)).toBe(false);

  // The saved stories show the points, the hours and the whole criterion.
  const results = panel(page);
  const card = (title: string) =>
    results.getByRole("list", { name: "User stories" }).locator(":scope > li").filter({ hasText: title });
  await expect(results.getByText(LONG_CRITERION)).toBeVisible();
  await expect(card(firstTitle)).toContainText("8 points");
  await expect(card(firstTitle)).toContainText("21 hours");
  await expect(card("Export the audit log as CSV")).toContainText("3 points");
  await expect(card("Export the audit log as CSV")).toContainText("9 hours");
  await expect(card("Export the audit log as CSV")).toContainText("The file has one row per audit event.");
  await expect(results.getByRole("list", { name: "User stories" }).locator(":scope > li")).toHaveCount(storyCount);
});

test("exports: Markdown, JIRA text and PDF from the generator and a history card, with jspdf loaded on demand", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await generate(page);
  const epic = (await panel(page).getByRole("heading", { level: 3 }).first().textContent())!.trim();
  const date = today();
  const exportButton = panel(page).getByRole("button", { name: "Export" });

  const md = await download(page, exportButton, "Markdown");
  expect(md.file.suggestedFilename()).toBe(`${TITLE}-${date}.md`);
  expect(md.text).toContain(`# ${epic}`);
  expect(md.text).toMatch(/^## User Stories \(\d+\)$/m);
  expect(md.text).toContain("#### Acceptance criteria");
  await expectToast(page, "Export Complete");

  const jira = await download(page, exportButton, "JIRA-format text");
  expect(jira.file.suggestedFilename()).toBe(`${TITLE}-${date}_jira.txt`);
  expect(jira.text).toMatch(/^h1\. /m);
  expect(jira.text).toMatch(/^h3\. 1\. /m);

  expect(
    scripts.some((url) => /jspdf/i.test(url)),
    "jspdf must not load before a PDF export",
  ).toBe(false);
  const pdf = await download(page, exportButton, "PDF");
  expect(pdf.file.suggestedFilename()).toBe(`${TITLE.replace(/ /g, "_")}-${date}.pdf`);
  // Export was busy while the PDF was made: focus comes back to it all the same
  await expect(exportButton).toBeFocused();
  expect(pdf.text.startsWith("%PDF-")).toBe(true);
  expect(scripts.some((url) => /jspdf/i.test(url))).toBe(true);

  // Without a project, the JIRA entry says what to do and cannot be chosen.
  await exportButton.click();
  await expect(page.getByRole("menuitem", { name: "Assign to project for JIRA export" })).toBeDisabled();
  await page.keyboard.press("Escape");

  // History: the card's Export menu loads the saved stories; the JIRA file takes the hyphenated title.
  await page.goto("/history");
  const card = page.getByRole("article", { name: TITLE });
  const historyJira = await download(page, card.getByRole("button", { name: "Export" }), "JIRA-format text");
  expect(historyJira.file.suggestedFilename()).toBe(`sso-audit-refinement_jira_${date}.txt`);
  expect(historyJira.text).toBe(jira.text);
  const historyMd = await download(page, card.getByRole("button", { name: "Export" }), "Markdown");
  expect(historyMd.text).toBe(md.text);

  // Stories can be edited from the card too; the export follows the saved edit.
  await card.getByRole("button", { name: "View" }).click();
  await card.getByRole("button", { name: "Edit" }).click();
  await editor(page).getByLabel("Title").fill("Edited from history");
  await editor(page).getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Changes Saved");
  await expect(card.getByRole("heading", { name: "Edited from history" })).toBeVisible();
  const afterEdit = await download(page, card.getByRole("button", { name: "Export" }), "Markdown");
  expect(afterEdit.text).toContain("# Edited from history");
  await page.setViewportSize(PHONE);
  await card.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("menuitem", { name: "PDF" })).toBeVisible();
  await page.waitForTimeout(300); // the menu's open animation
  await screenshot(page, "history-export-menu-phone");
  await page.keyboard.press("Escape");
  await page.setViewportSize(DESKTOP);
});

test("exports and the editor's Export to JIRA: no stories yet, and a project's JIRA setup", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const headers = { Origin: baseURL! };
  const project = await page.request.post("/api/projects", { data: { name: "Identity" }, headers });
  expect(project.ok()).toBe(true);
  const projectId = ((await project.json()) as { id: number }).id;
  // Two samples in the project: the first has stories, the second is still 'Processing'.
  const samples = await page.request.post("/api/dev/sample-transcripts", { data: { count: 2, projectId }, headers });
  expect(samples.ok()).toBe(true);

  await page.goto("/history");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  const processing = cards.filter({ hasText: "Processing" });
  await processing.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Markdown" }).click();
  await expectToast(page, "No Stories Available");

  // With a project and no JIRA integration yet, the menu offers the setup, and the editor's Export to JIRA saves
  // the edits and leads there.
  const ready = cards.filter({ hasText: "Stories Generated" });
  await ready.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("menuitem", { name: "Setup JIRA Integration" })).toBeVisible();
  await page.keyboard.press("Escape");
  await ready.getByRole("button", { name: "View" }).click();
  await ready.getByRole("button", { name: "Edit" }).click();
  await editor(page).getByLabel("Title").fill("Ready for JIRA");
  await editor(page).getByRole("button", { name: "Export to JIRA" }).click();
  await expectToast(page, "Stories Updated");
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/settings$`));
  const list = (
    (await (await page.request.get("/api/transcripts")).json()) as {
      transcripts: { id: number; hasStories: boolean }[];
    }
  ).transcripts;
  const edited = list.find((t) => t.hasStories)!;
  const detail = (await (await page.request.get(`/api/transcripts/${edited.id}`)).json()) as {
    generatedStories: { epic: { title: string } };
  };
  expect(detail.generatedStories.epic.title).toBe("Ready for JIRA");
});

test("failures: a save that fails keeps the edits, a PDF that cannot load says so, a deleted result clears the panel", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  await generate(page);

  // The server refuses the save: 'Update Failed' with its message, the dialog stays open with the edits.
  await page.route("**/api/transcripts/*/stories", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        error: "The database is busy. Please try again.",
        code: "service_unavailable",
        requestId: "e2e",
      }),
    }),
  );
  await panel(page).getByRole("button", { name: "Edit" }).click();
  await editor(page).getByLabel("Title").fill("Kept after a failed save");
  await editor(page).getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Update Failed");
  await expect(page.getByText("The database is busy. Please try again.").first()).toBeVisible();
  await expect(editor(page).getByLabel("Title")).toHaveValue("Kept after a failed save");
  await expect(editor(page).getByRole("button", { name: "Save Changes" })).toBeFocused();
  await page.unroute("**/api/transcripts/*/stories");
  await editor(page).getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Changes Saved");

  // The PDF library cannot be fetched (offline, blocked): 'Export Failed' and no download.
  await page.route(/jspdf/i, (route) => route.abort());
  await panel(page).getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "PDF" }).click();
  await expectToast(page, "Export Failed");
  await expect(page.getByText("Failed to export PDF. Please try again.").first()).toBeVisible();
  await page.unroute(/jspdf/i);

  // The shown transcript is deleted elsewhere: back on the generator, the panel is empty again.
  await page.goto("/history");
  await page.getByRole("article", { name: TITLE }).getByRole("button", { name: "Delete transcript" }).click();
  await page.getByRole("alertdialog", { name: "Delete Transcript" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("article", { name: TITLE })).toHaveCount(0);
  await page.goto("/generate");
  await expect(panel(page).getByText("No stories yet")).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Edit" })).toHaveCount(0);
});
