import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE, registerFreshUser, screenshot } from "./support";

// The floating AI Helper button never covers a control (issue 43, item 7): on a phone and on a desktop, on the pages
// people scroll (landing, dashboard, generator with its stories, history, project settings and its wizard, account),
// at the top, part way down, at the end and on the way back up, the button is either out of the way or over nothing
// anyone can press or type in. What it covers is read from the page itself: every visible, enabled button, link and
// field whose box meets the button's (web/features/assistant/tuck.ts keeps it clear).

/** A short product meeting, written for this journey, so the generator gives a long page of stories. */
const TRANSCRIPT = `Warehouse app planning
Attendees: Mia (product manager), Jon (developer), Sara (warehouse lead)

Mia: Pickers need to scan a shelf label to confirm they picked from the right shelf.
Sara: Shift leads want a list of orders that are late to ship, sorted by how late they are.
Jon: Pickers should be able to report a damaged item from the pick screen.
Mia: Decision: the late orders list refreshes every five minutes.
Sara: Managers need to export the week's picking times as a spreadsheet every Friday.
Jon: Should we support handheld printers too? Nobody knows yet.
Mia: We won't do voice picking this year.
`;

/** The controls whose box meets the AI Helper button's, when the button is shown and on top; [] when it is not. */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const launcher = document.querySelector<HTMLElement>("[data-assistant-launcher]");
    if (!launcher) return [];
    const style = getComputedStyle(launcher);
    if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return [];
    const box = launcher.getBoundingClientRect();
    // under a modal dialog's overlay the button is covered itself, and covers nothing
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!top || !launcher.contains(top)) return [];
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, textarea, summary, [role='button'], [role='link'], [role='tab'], [role='checkbox'], [role='switch'], [role='combobox'], [role='menuitem']",
    );
    const found: string[] = [];
    for (const control of controls) {
      if (launcher.contains(control) || control.contains(launcher)) continue;
      if ((control as HTMLButtonElement).disabled || control.getAttribute("aria-disabled") === "true") continue;
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const r = control.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      if (r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom) continue;
      const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40);
      found.push(`${control.tagName.toLowerCase()} “${name}”`);
    }
    return found;
  });
}

/**
 * Scrolls the page down through its height and back up, checking at each stop that the button covers no control.
 * Returns what it covered, as "where: what" lines.
 */
async function scrollAndCheck(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const stops = [0, 0.33, 0.67, 1, 0.5, 0.15, 0].map((f) => Math.round(height * f));
  for (const [i, y] of stops.entries()) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    // (the button comes and goes on the next frames)
    await page.waitForTimeout(250);
    const covered = await coveredControls(page);
    if (covered.length) problems.push(`${where} at ${y}px (${i < 4 ? "down" : "up"}): ${covered.join(", ")}`);
    if (i === 2 || i === 4 || i === 6) await screenshot(page, `assistant-button-${where.replace(/\W+/g, "-")}-${i}`);
  }
  return problems;
}

/**
 * Scrolls up from the end of the page with the mouse wheel, a notch at a time, checking between notches without
 * waiting for the page to settle: while the page moves, the button keeps its place only while that is clear.
 */
async function wheelUpAndCheck(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  const size = page.viewportSize()!;
  await page.mouse.move(size.width / 2, size.height / 2);
  for (let notch = 0; notch < 10; notch++) {
    await page.mouse.wheel(0, -90);
    await page.waitForTimeout(40);
    const covered = await coveredControls(page);
    if (covered.length) problems.push(`${where}, wheel notch ${notch + 1} up: ${covered.join(", ")}`);
  }
  return problems;
}

for (const [label, size] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`the AI Helper button covers no control while pages scroll (${label}, ${size.width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    const problems: string[] = [];

    await page.goto("/");
    await expect(page.getByRole("link", { name: "Get Started" }).first()).toBeVisible();
    problems.push(...(await scrollAndCheck(page, `landing@${size.width}`)));

    await registerFreshUser(page, baseURL!, "pro");
    const project = await page.request.post("/api/projects", {
      data: { name: "Warehouse app", description: "", color: "#3B82F6" },
      headers: { Origin: baseURL! },
    });
    expect(project.ok(), await project.text()).toBe(true);
    const projectId = ((await project.json()) as { id: number }).id;

    await page.goto("/generate");
    await page.getByLabel("Transcript title").fill("Warehouse app planning");
    await page.getByLabel("Transcript", { exact: true }).fill(TRANSCRIPT);
    await page.getByRole("button", { name: "Generate User Stories & Epics" }).click();
    // (the generator may take a while on a busy machine)
    await expect(page.getByText("Stories Generated Successfully", { exact: true }).first()).toBeVisible({
      timeout: 60_000,
    });
    problems.push(...(await scrollAndCheck(page, `generate@${size.width}`)));
    problems.push(...(await wheelUpAndCheck(page, `generate@${size.width}`)));

    // (the desktop's wide pages leave the corner clear more often: the phone reads every page, the desktop the longest)
    const pages = ["/dashboard", "/history", `/projects/${projectId}/settings`, "/account", "/subscription"];
    for (const path of label === "phone" ? pages : pages.slice(1, 3)) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      problems.push(...(await scrollAndCheck(page, `${path}@${size.width}`)));
      problems.push(...(await wheelUpAndCheck(page, `${path}@${size.width}`)));
    }

    // a wizard over the project settings: the button is under its overlay, and the page behind it scrolls clear
    await page.goto(`/projects/${projectId}/settings`);
    await page.getByRole("button", { name: "JIRA Wizard" }).click();
    const wizard = page.getByRole("dialog", { name: "JIRA Wizard" });
    await expect(wizard).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
    await screenshot(page, `assistant-button-wizard-${label}`);
    await page.keyboard.press("Escape");
    await expect(wizard).toBeHidden();

    // the assistant, opened and minimised: its wider bar keeps off the controls by the same rule
    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.getByRole("button", { name: "AI Helper" }).click();
    await page.getByRole("button", { name: "Minimise the assistant" }).click();
    await expect(page.getByRole("button", { name: "Restore the assistant" })).toBeVisible();
    problems.push(...(await scrollAndCheck(page, `minimised@${size.width}`)));

    expect(problems).toEqual([]);
  });
}
