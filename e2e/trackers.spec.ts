import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { expectToast, registerFreshUser, screenshotBoth } from "./support";

// Linear, GitHub Issues and Azure DevOps (issue 32): for each, a Pro user connects it with its wizard (a refused
// credential first, then the fake's), exports a transcript from history, and a repeat export creates nothing. The
// Worker reaches the fakes that scripts/e2e.ts starts through LINEAR_API_BASE, GITHUB_API_BASE and
// AZURE_DEVOPS_API_BASE; what they created is read from each fake's /__fake/items.

interface Tracker {
  label: string;
  fake: string | undefined;
  secretLabel: string;
  secret: string;
  /** Fills step 1's fields beside the name and the credential. */
  connect?: (wizard: ReturnType<Page["getByRole"]>) => Promise<void>;
  /** Picks or types the destination on step 2. */
  destination: (page: Page, wizard: ReturnType<Page["getByRole"]>) => Promise<void>;
  /** What step 2's check says. */
  checked: RegExp;
  /** The row's destination line in the settings list. */
  row: string;
  /** Items the fake holds (epic and stories). */
  items: (body: unknown) => number;
  epicLink: RegExp;
}

const TRACKERS: Tracker[] = [
  {
    label: "Linear",
    fake: process.env.E2E_FAKE_LINEAR_URL,
    secretLabel: "API key",
    secret: "lin_api_fake_storyloom_0000000000000000",
    destination: async (page, wizard) => {
      await wizard.getByRole("combobox", { name: "Team" }).click();
      await page.getByRole("option", { name: "Engineering (ENG)" }).click();
      await wizard.getByRole("radio", { name: /A parent issue/ }).check();
    },
    checked: /^Team Engineering \(ENG\)\. Estimates on its fibonacci scale\. Exports carry its "storyloom" label\.$/,
    row: "Team Engineering (ENG) · epic as a parent issue",
    items: (body) => (body as { issues: unknown[] }).issues.length,
    epicLink: /^https:\/\/linear\.app\/storyloom-demo\/issue\/ENG-\d+\//,
  },
  {
    label: "GitHub Issues",
    fake: process.env.E2E_FAKE_GITHUB_URL,
    secretLabel: "Access token",
    secret: "fake-github-token",
    destination: async (_page, wizard) => {
      // Step 1's check listed the token's repositories: the field offers them (a <datalist>, which Playwright cannot
      // open), the most recently pushed first. The journey takes storyloom-demo/backlog from them.
      const repository = wizard.getByRole("combobox", { name: "Repository" });
      const offered = await repository.evaluate((input: HTMLInputElement) =>
        Array.from(input.list?.options ?? [], (option) => option.value),
      );
      expect(offered).toEqual(["storyloom-demo/backlog", "storyloom-demo/website"]);
      await expect(wizard.getByText("Choose one of the token's repositories, or type another.")).toBeVisible();
      await repository.fill(offered[0]!);
    },
    checked: /^Repository storyloom-demo\/backlog \(private\)\.$/,
    row: "github.com/storyloom-demo/backlog",
    items: (body) => (body as { issues: unknown[] }).issues.length,
    epicLink: /^https:\/\/github\.com\/storyloom-demo\/backlog\/issues\/\d+$/,
  },
  {
    label: "Azure DevOps",
    fake: process.env.E2E_FAKE_AZURE_DEVOPS_URL,
    secretLabel: "Personal access token",
    secret: "fake-azure-devops-pat",
    connect: async (wizard) => {
      await wizard.getByLabel("Organization").fill("storyloom-demo");
    },
    destination: async (page, wizard) => {
      await wizard.getByRole("combobox", { name: "Project" }).click();
      await page.getByRole("option", { name: "StoryLoom Demo" }).click();
    },
    checked: /^Project StoryLoom Demo: Epic and User Story work items\.$/,
    row: "dev.azure.com/storyloom-demo · Project StoryLoom Demo",
    items: (body) => (body as unknown[]).length,
    epicLink: /^https:\/\/dev\.azure\.com\/storyloom-demo\/StoryLoom%20Demo\/_workitems\/edit\/\d+$/,
  },
];

// axe-core, injected inline as e2e/accessibility.spec.ts does (so these journeys bypass the SPA's CSP), checks the
// wizard's destination step and the settings list with the new integration.
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
test.use({ bypassCSP: true });

async function axeViolations(page: Page): Promise<string[]> {
  // Colours mid-transition (a button switching variant after a check) are not what anyone reads.
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] });
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary ?? ""})`).join(", ")}`,
    );
  });
}

async function createProject(page: Page, baseURL: string, name: string): Promise<number> {
  const response = await page.request.post("/api/projects", {
    data: { name, description: "", color: "#3B82F6" },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

for (const tracker of TRACKERS) {
  test(`${tracker.label}: wizard, export from history, then 'Already Exists' with the link`, async ({
    page,
    baseURL,
  }) => {
    test.skip(!tracker.fake, `needs the fake ${tracker.label} (set by scripts/e2e.ts)`);
    const fakeItems = async () => tracker.items(await (await page.request.get(`${tracker.fake}/__fake/items`)).json());
    await registerFreshUser(page, baseURL!, "pro");
    const projectId = await createProject(page, baseURL!, `${tracker.label} backlog`);
    await page.goto(`/projects/${projectId}/settings`);
    await page.getByRole("button", { name: "Connect Linear, GitHub or Azure DevOps" }).click();
    await page.getByRole("menuitem", { name: `${tracker.label} Wizard` }).click();
    const wizard = page.getByRole("dialog", { name: `${tracker.label} Wizard` });
    const validate = wizard.getByRole("button", { name: "Validate" });
    const next = wizard.getByRole("button", { name: "Next" });

    // Step 1: the credential is checked by asking whose it is; a refused one says so on its field.
    await expect(wizard.getByText("Step 1 of 3: Connect")).toBeVisible();
    await expect(validate).toBeDisabled();
    await wizard.getByLabel("Integration name").fill(`Team ${tracker.label}`);
    await tracker.connect?.(wizard);
    await wizard.getByLabel(tracker.secretLabel).fill("not-the-token");
    await validate.click();
    await expectToast(page, "Validation Failed");
    await expect(wizard.getByText(/refused the (API key|access token|personal access token)/)).toBeVisible();
    await expect(next).toBeDisabled();
    await wizard.getByLabel(tracker.secretLabel).fill(tracker.secret);
    await validate.click();
    await expectToast(page, "Validation Successful");
    await next.click();

    // Step 2: the destination, picked from what the credential can see (GitHub's typed), then checked.
    await expect(wizard.getByText("Step 2 of 3: Destination")).toBeVisible();
    await tracker.destination(page, wizard);
    await validate.click();
    await expect(wizard.getByText(tracker.checked)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, `trackers-${tracker.label.toLowerCase().replace(/ /g, "-")}-destination`, {
      fullPage: false,
    });
    await next.click();

    // Step 3: review, the credential masked, then create.
    await expect(wizard.getByRole("heading", { name: "Review and create" })).toBeVisible();
    await expect(wizard.getByText(`••••${tracker.secret.slice(-4)}`)).toBeVisible();
    await screenshotBoth(page, `trackers-${tracker.label.toLowerCase().replace(/ /g, "-")}-review`, {
      fullPage: false,
    });
    await wizard.getByRole("button", { name: "Create Integration" }).click();
    await expectToast(page, "Integration Created");
    await expect(wizard).toBeHidden();
    // focus is back on the menu button the wizard was chosen from
    await expect(page.getByRole("button", { name: "Connect Linear, GitHub or Azure DevOps" })).toBeFocused();
    const row = page.getByRole("list", { name: "Integrations" }).getByRole("listitem");
    await expect(row.getByText(tracker.row)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const seeded = await page.request.post("/api/dev/sample-transcripts", {
      data: { count: 1, projectId },
      headers: { Origin: baseURL! },
    });
    expect(seeded.ok(), await seeded.text()).toBe(true);
    const before = await fakeItems();

    // Export from history: one toast with what was made and the link to the epic.
    await page.goto("/history");
    const card = page.getByRole("article").first();
    const storyCount = Number((await card.getByText(/^\d+ stor(y|ies)$/).textContent())!.split(" ")[0]);
    await card.getByRole("button", { name: "Export" }).click();
    await page.getByRole("menuitem", { name: `Export to Team ${tracker.label}` }).click();
    await expectToast(page, "Export Complete");
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(
      toasts.getByText(
        `Created the epic and ${storyCount} ${storyCount === 1 ? "story" : "stories"} in Team ${tracker.label}.`,
      ),
    ).toBeVisible();
    const epicLink = toasts.getByRole("link", { name: /Open the epic/ });
    await expect(epicLink).toHaveAttribute("href", tracker.epicLink);
    await expect(card.getByRole("button", { name: "Export" })).toBeFocused();
    expect(await fakeItems()).toBe(before + storyCount + 1);
    // The card keeps saying where its stories went, after the toast has gone.
    await expect(card.getByRole("link", { name: new RegExp(`^Sent to Team ${tracker.label}`) })).toHaveAttribute(
      "href",
      tracker.epicLink,
    );
    await screenshotBoth(page, `trackers-${tracker.label.toLowerCase().replace(/ /g, "-")}-exported`, {
      fullPage: false,
    });

    // Again: nothing new, and the toast says when and where, with the same link.
    await card.getByRole("button", { name: "Export" }).click();
    await page.getByRole("menuitem", { name: `Export to Team ${tracker.label}` }).click();
    await expectToast(page, `${tracker.label} Export Already Exists`);
    await expect(toasts.getByText(/nothing new was created/)).toBeVisible();
    await expect(toasts.getByRole("link", { name: /Open the epic/ })).toHaveAttribute("href", tracker.epicLink);
    expect(await fakeItems()).toBe(before + storyCount + 1);

    // The editor exports to the project's tracker when it has no JIRA integration.
    await card.getByRole("button", { name: "View" }).click();
    await page.getByRole("button", { name: "Edit" }).first().click();
    await expect(page.getByRole("button", { name: `Export to Team ${tracker.label}` })).toBeVisible();

    // An edit reaches the tracker: "Update in …" rewrites the epic it made, and creates nothing new.
    const dialog = page.getByRole("dialog", { name: "Edit Stories Before Export" });
    await dialog.getByLabel("Title").fill("Checkout, edited after the export");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Changes Saved");
    await expect(dialog).toBeHidden();
    const sentTo = card.getByRole("region", { name: "Sent to" });
    await expect(sentTo.getByText(/1 edit not sent yet/)).toBeVisible();
    await card.getByRole("button", { name: "Export" }).click();
    await expect(page.getByRole("menuitem", { name: `Export as new to Team ${tracker.label}` })).toBeVisible();
    await screenshotBoth(page, `trackers-${tracker.label.toLowerCase().replace(/ /g, "-")}-update-menu`, {
      fullPage: false,
    });
    await page.getByRole("menuitem", { name: `Update in Team ${tracker.label}` }).click();
    await expectToast(page, `Updated in Team ${tracker.label}`);
    await expect(toasts.getByText("Updated the epic.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Export" })).toBeFocused();
    expect(await fakeItems()).toBe(before + storyCount + 1);
    await expect(sentTo.getByText(/up to date/)).toBeVisible();
    await expect(sentTo.getByRole("link", { name: /Epic / })).toHaveAttribute("href", tracker.epicLink);

    // The editor's own Export button sends its saved edits as an update too (a repeat would only say it exists).
    await page.getByRole("button", { name: "Edit" }).first().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("tab", { name: /^User Stories/ }).click();
    await dialog.getByLabel("Title").first().fill("Download any past invoice as a PDF");
    await dialog.getByRole("button", { name: `Export to Team ${tracker.label}` }).click();
    await expectToast(page, `Updated in Team ${tracker.label}`);
    await expect(toasts.getByText("Updated 1 story.")).toBeVisible();
    expect(await fakeItems()).toBe(before + storyCount + 1);
    await sentTo.scrollIntoViewIfNeeded();
    await screenshotBoth(page, `trackers-${tracker.label.toLowerCase().replace(/ /g, "-")}-updated`, {
      fullPage: false,
    });
    await page.keyboard.press("Escape");

    // The next meeting (issue 41): the same stories again, reviewed against the tracker's open items under the first
    // meeting's epic. Each is found there; one is linked to its item instead (created, then related), one skipped,
    // the rest added to their items; nothing is created twice and no epic is made.
    const again = await page.request.post("/api/dev/sample-transcripts", {
      data: { count: 1, projectId },
      headers: { Origin: baseURL! },
    });
    expect(again.ok(), await again.text()).toBe(true);
    await page.goto("/history");
    const nextCard = page.getByRole("article").first();
    await nextCard.getByRole("button", { name: "Export" }).click();
    await page.getByRole("menuitem", { name: `Review before exporting to Team ${tracker.label}…` }).click();
    const review = page.getByRole("dialog", { name: `Review before exporting to Team ${tracker.label}` });
    await expect(review.getByText(/open items? compared/)).toBeVisible();
    await review.getByRole("combobox", { name: "Epic" }).click();
    await page.getByRole("option", { name: /Checkout, edited after the export/ }).click();
    await expect(review.getByRole("status").getByText(/open items? compared/)).toBeVisible();
    const rows = review.getByRole("listitem").filter({ has: page.getByRole("combobox") });
    await expect(rows).toHaveCount(storyCount);
    await expect(rows.first().getByRole("combobox")).toHaveText(/^Add to /);
    await rows.nth(1).getByRole("combobox").click();
    await page
      .getByRole("option", { name: /^Link to / })
      .first()
      .click();
    if (storyCount > 2) {
      await rows.nth(2).getByRole("combobox").click();
      await page.getByRole("option", { name: "Skip" }).click();
    }
    await review.getByLabel("Remember for this project").check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotBoth(page, `trackers-${tracker.label.toLowerCase().replace(/ /g, "-")}-review-before-export`, {
      fullPage: false,
    });
    const added = storyCount > 2 ? storyCount - 2 : storyCount - 1;
    await review.getByRole("button", { name: /^Export 1 story/ }).click();
    await expectToast(page, "Export Complete");
    await expect(
      toasts.getByText(
        new RegExp(
          `^Created 1 story in Team ${tracker.label}\\. Linked 1 to an existing item, added ${added} stor(y|ies) to`,
        ),
      ),
    ).toBeVisible();
    expect(await fakeItems()).toBe(before + storyCount + 2);
  });
}
