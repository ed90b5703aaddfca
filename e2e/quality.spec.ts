import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP, expectToast, PHONE, registerFreshUser, screenshot, screenshotBoth } from "./support";

// The quality gate in the product (issue 27): a badge per story with its issues, the Coverage panel with the asks no
// story covers, "Add as story" opening the editor on a draft built from the quote, the editor's re-check, the same
// report in history, and the Markdown export's open questions. Screenshots at 375 and 1440 px.

/** A clinic's sprint planning, written for this journey: asks, a decision, questions, a risk, a rejection, a deferral. */
const TRANSCRIPT = `Clinic booking app - sprint planning, 14 March
Attendees: Priya (product manager), Tom (lead developer), Aisha (support lead), Ben (designer)

Priya: Thanks for joining. The goal today is to agree what goes into the next two sprints for the booking app.
Priya: The biggest complaint from clinics is no-shows. Receptionists need to send an SMS reminder to patients 24 hours before their appointment.
Tom: That's doable. We already have the Twilio account from the pilot.
Aisha: Patients also need to be able to cancel an appointment from the reminder itself, without calling the front desk.
Priya: Agreed. And when a slot is cancelled, the receptionist should see it freed up on the day view straight away.
Ben: I'd like the day view to show each practitioner as a column, so receptionists can spot gaps at a glance.
Aisha: Support gets a lot of calls about changing the patient's phone number. Patients should be able to update their contact details in the portal.
Tom: What about the waiting list? Clinics keep asking for it.
Priya: We decided to put the waiting list off until next quarter. It is too big for these two sprints.
Ben: Should we support video appointments as well?
Priya: No, we won't do video appointments. The clinics told us they use their own video tool.
Tom: There's a risk that SMS costs get out of hand if clinics send reminders for every appointment type.
Priya: Decision: reminders are on by default, and each clinic can switch them off per appointment type.
Aisha: Clinic managers want a weekly report of no-shows per practitioner, emailed every Monday.
Tom: Do we know which SMS provider the Irish clinics use? That is still an open question.
Priya: Action item: Tom will check the SMS pricing for Ireland by Friday.
Ben: We also need the booking page to work well on phones, most patients book from their mobile.
Aisha: It would be nice if the front desk could print tomorrow's list in the evening, some clinics still work from paper.
Tom: Honestly the practitioners keep asking for a way to block out their lunch breaks in the calendar.
Priya: Great. Let's write these up.
`;
const TITLE = "Clinic booking sprint planning";

/** A close-up of one element at both widths (e2e/screenshots), beside the full pages, to look at it closely. */
async function screenshotElementBoth(page: Page, element: Locator, name: string): Promise<void> {
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await element.screenshot({ path: new URL(`./screenshots/${name}-${label}.png`, import.meta.url).pathname });
  }
  await page.setViewportSize(DESKTOP);
}

const panel = (page: Page) => page.getByRole("region", { name: "Generated Stories" });
const editor = (page: Page) => page.getByRole("dialog", { name: "Edit Stories Before Export" });
const coverage = (scope: Locator) => scope.getByRole("region", { name: /^Coverage/ });
const qualityBadges = (scope: Locator) => scope.getByRole("button", { name: /^Quality of Story \d+: \d+ out of 100/ });
const addAsStory = (scope: Locator) => scope.getByRole("button", { name: "Add as story" });

test("quality: badges with their issues, the Coverage panel, Add as story into the editor, history and the export", async ({
  page,
  baseURL,
}) => {
  // One long journey with a dozen screenshots on a shared 2-core machine.
  test.setTimeout(120_000);
  await registerFreshUser(page, baseURL!);
  await page.goto("/generate");
  await page.getByLabel("Transcript title").fill(TITLE);
  await page.getByLabel("Transcript", { exact: true }).fill(TRANSCRIPT);
  await page.getByRole("button", { name: "Generate User Stories & Epics" }).click();
  await expectToast(page, "Stories Generated Successfully");

  // A badge per story: score and word, and on open the issues (errors first) for that story.
  const stories = panel(page).getByRole("list", { name: "User stories" }).locator(":scope > li");
  const storyCount = await stories.count();
  expect(storyCount).toBeGreaterThan(2);
  await expect(qualityBadges(panel(page))).toHaveCount(storyCount);
  await expect(qualityBadges(panel(page)).first()).toContainText(/\d+\s*· (Good|Needs work|Poor)/);

  // Open the lowest-scoring badge (the one most likely to list issues) from the keyboard.
  const labels = await qualityBadges(panel(page)).evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute("aria-label") ?? ""),
  );
  const scores = labels.map((label) => Number(/: (\d+) out of 100/.exec(label)?.[1] ?? 100));
  const worst = scores.indexOf(Math.min(...scores));
  const badge = qualityBadges(panel(page)).nth(worst);
  await badge.focus();
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: `Quality of Story ${worst + 1}` });
  await expect(details).toBeVisible();
  await expect(details).toContainText(`Story ${worst + 1} quality: ${scores[worst]}/100`);
  if (scores[worst]! < 100) {
    const severities = await details
      .getByRole("list", { name: "Issues" })
      .locator(":scope > li")
      .evaluateAll((items) => items.map((item) => (item.textContent?.startsWith("Error") ? "error" : "warning")));
    expect(severities.length).toBeGreaterThan(0);
    expect(severities).toEqual([...severities].sort()); // "error" sorts before "warning": errors first
  }
  await screenshotBoth(page, "quality-badge-open", { fullPage: false, scrollTo: badge });
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(badge).toBeFocused();

  // The Coverage panel: "n of m asks covered", the decisions and questions, what was left out on purpose.
  const report = coverage(panel(page));
  await expect(report).toBeVisible();
  await expect(report.getByRole("button", { expanded: true })).toContainText(/\d+ of \d+ asks? covered/);
  await expect(report.getByRole("heading", { name: /^Open questions \(\d+\)$/ })).toBeVisible();
  await expect(report.getByRole("heading", { name: /^Left out on purpose \(\d+\)$/ })).toBeVisible();
  await expect(report).toContainText("video appointments");

  // An ask no story covers. If the generator covered them all, removing a story leaves its ask uncovered: the saved
  // edit answers with a fresh report.
  if ((await addAsStory(report).count()) === 0) {
    await panel(page).getByRole("button", { name: "Edit" }).click();
    await editor(page)
      .getByRole("tab", { name: /^User Stories/ })
      .click();
    await editor(page)
      .getByRole("button", { name: /^Delete Story 1:/ })
      .click();
    await page
      .getByRole("alertdialog", { name: "Delete this story?" })
      .getByRole("button", { name: "Delete Story" })
      .click();
    await editor(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Changes Saved");
    await expect(addAsStory(report).first()).toBeVisible();
  }
  await screenshotBoth(page, "quality-generator", { scrollTo: report });
  await screenshotElementBoth(page, report, "quality-coverage-panel");
  await screenshotElementBoth(page, stories.nth(worst), "quality-story-card");

  // Add as story: the editor opens on a draft built from the quote, unsized, focused, with the quote as its evidence.
  const row = report
    .locator("li")
    .filter({ has: page.getByRole("button", { name: "Add as story" }) })
    .first();
  const add = row.getByRole("button", { name: "Add as story" });
  const quote = (await row.locator("blockquote").innerText()).trim();
  await add.click();
  const dialog = editor(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: /^User Stories/ })).toHaveAttribute("aria-selected", "true");
  const groups = dialog.getByRole("list", { name: "User stories" }).locator(":scope > li");
  const draft = groups.last();
  const draftTitle = draft.getByLabel("Title");
  await expect(draftTitle).toBeFocused();
  const title = await draftTitle.inputValue();
  expect(title.length).toBeGreaterThan(0);
  expect(quote.toLowerCase()).toContain(title.split(" ")[0]!.toLowerCase());
  await expect(draft.getByLabel("Estimated Hours")).toHaveValue("0");
  await expect(draft.getByLabel("Description")).toHaveValue(/^As an? .+, I want /);
  // The re-check scores the draft (debounced), and flags it for sizing.
  await expect(draft.getByRole("button", { name: /^Quality of Story \d+: \d+ out of 100/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(draft.getByText(/^(Error|Warning): /).first()).toBeVisible();
  await screenshotBoth(page, "quality-editor-draft", { fullPage: false, scrollTo: draftTitle });

  // Typing re-checks after a pause; the badge keeps its last score meanwhile.
  await draftTitle.fill("Print tomorrow's appointment list");
  await expect(dialog.getByText("Quality checked.")).toBeVisible({ timeout: 15_000 });

  // Closing asks first (the draft is an unsaved change); discarding returns focus where the editor was opened.
  await page.keyboard.press("Escape");
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // The Markdown export ends with the meeting's open questions.
  await panel(page).getByRole("button", { name: "Export" }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Markdown" }).click(),
  ]);
  const markdown = readFileSync((await file.path())!, "utf8");
  expect(markdown).toMatch(/\n## Open questions\n\n- /);
  expect(markdown.indexOf("## Open questions")).toBeGreaterThan(markdown.indexOf("## User Stories"));

  // History shows the same report on the transcript's card.
  await page.goto("/history");
  const card = page.getByRole("article", { name: TITLE });
  await card.getByRole("button", { name: /^View/ }).click();
  await expect(qualityBadges(card).first()).toBeVisible();
  await expect(coverage(card)).toContainText(/\d+ of \d+ asks? covered/);
  await screenshotBoth(page, "quality-history", { scrollTo: coverage(card) });
  await screenshotElementBoth(page, card, "quality-history-card");

  // On a phone the Coverage panel starts folded to its summary line and opens on demand.
  await page.setViewportSize(PHONE);
  await page.goto("/generate");
  const folded = coverage(panel(page)).getByRole("button", { name: /^Coverage/ });
  await expect(folded).toHaveAttribute("aria-expanded", "false");
  await folded.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await screenshot(page, "quality-coverage-folded-phone");
  await folded.click();
  await expect(addAsStory(coverage(panel(page))).first()).toBeVisible();
  await page.setViewportSize(DESKTOP);
});
