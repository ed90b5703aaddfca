import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoPhoneOverflow, expectToast, registerFreshUser, screenshotBoth, uniqueName } from "./support";

// Generator journeys: paste and generate, evidence, copy, file upload, audio gating, the free plan's monthly limit,
// and ?project= preselection. Each test registers its own account: generations count against a monthly allowance.

const TRANSCRIPT = readFileSync(
  new URL("../worker/test/fixtures/transcripts/synthetic/sso-audit-refinement.txt", import.meta.url),
  "utf8",
);

function transcriptBox(page: Page): Locator {
  return page.getByLabel("Transcript", { exact: true });
}

function generateButton(page: Page): Locator {
  return page.getByRole("button", { name: "Generate User Stories & Epics" });
}

function resultsPanel(page: Page): Locator {
  return page.getByRole("region", { name: "Generated Stories" });
}

test("generator: paste a transcript, generate, read the stories and their evidence, copy, clear", async ({
  page,
  baseURL,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  await registerFreshUser(page, baseURL!);
  await page.goto("/generate");
  await expect(page.getByRole("heading", { name: "Generate User Stories", level: 1 })).toBeVisible();

  // Empty: Generate is disabled, the free plan sees the audio promo, the status card is there.
  await expect(generateButton(page)).toBeDisabled();
  await expect(page.getByText("Service Status: Available")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Audio Transcription" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Project" })).toContainText("No Project");
  await expect(resultsPanel(page).getByText("No stories yet")).toBeVisible();
  await expectNoPhoneOverflow(page, "generator-empty");
  await screenshotBoth(page, "generator-empty");
  await transcriptBox(page).fill("   \n  ");
  await expect(generateButton(page)).toBeDisabled();

  // The large-transcript notice appears above 10,000 characters only.
  await transcriptBox(page).fill("a".repeat(10_000));
  await expect(page.getByText("10,000 characters")).toBeVisible();
  await expect(page.getByText("Large transcript - processing may take longer")).toBeHidden();
  await transcriptBox(page).fill("a".repeat(10_001));
  await expect(page.getByText("Large transcript - processing may take longer")).toBeVisible();

  // Paste a real meeting and generate.
  await page.getByLabel("Transcript title").fill("SSO and audit refinement");
  await transcriptBox(page).fill(TRANSCRIPT);
  await expect(page.getByText("Large transcript - processing may take longer")).toBeHidden();
  await expect(generateButton(page)).toBeEnabled();
  await generateButton(page).click();
  await expectToast(page, "Stories Generated Successfully");

  const panel = resultsPanel(page);
  await expect(panel.getByText("Epic", { exact: true })).toBeVisible();
  const stories = panel.getByRole("list", { name: "User stories" }).locator(":scope > li");
  const storyCount = await stories.count();
  expect(storyCount).toBeGreaterThan(0);
  await expect(panel.getByText(storyCount === 1 ? "1 story" : `${storyCount} stories`, { exact: true })).toBeVisible();
  await expect(panel.getByText("Acceptance criteria").first()).toBeVisible();
  await expect(panel.getByRole("button", { name: "Copy" })).toBeVisible();

  // Evidence: quotes from the transcript, on demand.
  const showEvidence = panel.getByRole("button", { name: /^Show evidence/ }).first();
  await expect(showEvidence).toHaveAttribute("aria-expanded", "false");
  await showEvidence.click();
  const hideEvidence = panel.getByRole("button", { name: /^Hide evidence/ }).first();
  await expect(hideEvidence).toHaveAttribute("aria-expanded", "true");
  const quotes = panel.getByRole("list", { name: "Evidence from the transcript" }).first().locator("blockquote");
  await expect(quotes.first()).toBeVisible();
  const quote = (await quotes.first().innerText()).trim();
  expect(TRANSCRIPT.replace(/\s+/g, " ")).toContain(quote.replace(/\s+/g, " "));
  await expectNoPhoneOverflow(page, "generator-results");
  await screenshotBoth(page, "generator-results");

  // Copy as plain text.
  await panel.getByRole("button", { name: "Copy" }).click();
  await expectToast(page, "Copied to Clipboard");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^EPIC: /);
  expect(copied).toContain(`USER STORIES (${storyCount})`);

  // Clear empties the text only; Generate is disabled again.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(transcriptBox(page)).toHaveValue("");
  await expect(generateButton(page)).toBeDisabled();
  await expect(page.getByLabel("Transcript title")).toHaveValue("SSO and audit refinement");

  // The transcript is in the history with its stories.
  await page.getByRole("navigation").getByRole("link", { name: "History" }).first().click();
  const card = page.getByRole("article", { name: "SSO and audit refinement" });
  await expect(card.getByText("Stories Generated", { exact: true })).toBeVisible();
});

test("generator: upload a Markdown file; audio needs Pro on the free plan", async ({ page, baseURL }) => {
  await registerFreshUser(page, baseURL!);
  await page.goto("/generate");
  const fileInput = page.getByTestId("transcript-file");

  const notes =
    "# Retro notes\n\nAlex: The export button is hard to find on mobile.\nSam: Let's move it into the header.\n";
  await fileInput.setInputFiles({ name: "retro-notes.md", mimeType: "text/markdown", buffer: Buffer.from(notes) });
  await expect(transcriptBox(page)).toHaveValue(notes);
  await expect(page.getByLabel("Transcript title")).toHaveValue("retro-notes");
  await expect(page.getByText(`${notes.length} characters`)).toBeVisible();
  await expect(generateButton(page)).toBeEnabled();

  // A PDF picked with "all files" is refused, not read into the box as binary text.
  await fileInput.setInputFiles({
    name: "minutes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n\u0000\u0001binary"),
  });
  await expectToast(page, "Upload Failed");
  await expect(page.getByText("minutes.pdf is not a text file.", { exact: false }).first()).toBeVisible();
  await expect(transcriptBox(page)).toHaveValue(notes);

  // Audio on the free plan: the Pro toast with an upgrade action; the text and the input are left as they were.
  await fileInput.setInputFiles({
    name: "standup.mp3",
    mimeType: "audio/mpeg",
    buffer: Buffer.from([0xff, 0xfb, 0x90, 0x00]),
  });
  await expectToast(page, "Pro Feature Required");
  await expect(transcriptBox(page)).toHaveValue(notes);
  expect(await fileInput.evaluate((el: HTMLInputElement) => el.value)).toBe("");
  await page.getByRole("button", { name: "Upgrade to Pro" }).first().click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test("generator: the free plan's allowance is shown before the work, a refusal clears the old result, and the limit disables Generate", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const generateByApi = async (i: number) => {
    const response = await page.request.post("/api/generate", {
      data: {
        transcript: `Standup ${i}: as a user I want to reset my password so that I can sign in again.`,
        title: `Standup ${i}`,
      },
      headers: { Origin: baseURL! },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  for (let i = 1; i <= 3; i++) await generateByApi(i);

  await page.goto("/generate");
  await expect(page.getByText("3 of 5 transcripts used this month")).toBeVisible();
  await transcriptBox(page).fill(TRANSCRIPT);
  await generateButton(page).click();
  await expectToast(page, "Stories Generated Successfully");
  await expect(resultsPanel(page).getByText("No stories yet")).toHaveCount(0);
  await expect(page.getByText("4 of 5 transcripts used this month")).toBeVisible();

  // the fifth is used elsewhere (another tab): the server still refuses the sixth, and the old result goes
  await generateByApi(5);
  await generateButton(page).click();
  await expectToast(page, "Monthly Limit Reached");
  const upgrade = page.getByRole("button", { name: "Upgrade to Pro" }).first();
  await expect(upgrade).toBeVisible();
  await expect(resultsPanel(page).getByText("No stories yet")).toBeVisible();
  // The draft is kept so nothing is lost; Generate now says why it is off.
  await expect(transcriptBox(page)).toHaveValue(TRANSCRIPT);
  await expect(page.locator("form").getByText("You've used all 5 monthly transcripts on the free plan.")).toBeVisible();
  await expect(generateButton(page)).toBeDisabled();
  await upgrade.click();
  await expect(page).toHaveURL(/\/subscription$/);

  // coming back, the limit is said up front
  await page.goto("/generate");
  await expect(page.locator("form").getByText("You've used all 5 monthly transcripts on the free plan.")).toBeVisible();
  await expect(generateButton(page)).toBeDisabled();
  await expect(page.locator("form").getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute(
    "href",
    "/subscription",
  );
});

test("generator: ?project= preselects the project and the transcript is filed under it", async ({ page, baseURL }) => {
  await registerFreshUser(page, baseURL!, "pro");
  const name = uniqueName("Platform ");
  const created = await page.request.post("/api/projects", {
    data: { name, description: "Admin console", color: "#10B981" },
    headers: { Origin: baseURL! },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/generate?project=${id}`);
  const select = page.getByRole("combobox", { name: "Project" });
  await expect(select).toContainText(name);
  // Paid plans see no promo card: the audio card says where recordings go, and the hint names the audio formats.
  await expect(page.getByText("Service Status: Available")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Upload audio" })).toBeVisible();
  await expect(page.getByText("Audio: .mp3, .wav, .m4a, .ogg, .webm")).toBeVisible();
  await expect(page.getByText(/transcripts used this month/)).toHaveCount(0);

  // The list offers No Project and the project.
  await select.click();
  await expect(page.getByRole("option", { name: "No Project" })).toBeVisible();
  await page.getByRole("option", { name }).click();
  await expect(select).toContainText(name);

  // Audio on a paid plan: transcription does not exist yet.
  await page
    .getByTestId("transcript-file")
    .setInputFiles({ name: "call.wav", mimeType: "audio/wav", buffer: Buffer.from("RIFF") });
  await expectToast(page, "Transcription Failed");

  await page.getByLabel("Transcript title").fill("Platform sync");
  await transcriptBox(page).fill(TRANSCRIPT);
  await generateButton(page).click();
  await expectToast(page, "Stories Generated Successfully");

  await page.goto(`/project/${id}`);
  await expect(page.getByRole("article", { name: "Platform sync" })).toBeVisible();

  // An unknown project id falls back to No Project.
  await page.goto("/generate?project=999999");
  await expect(page.getByRole("combobox", { name: "Project" })).toContainText("No Project");
});

test("generator: the draft survives a reload for its account, and goes after Clear, a generation or sign-out", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  await page.goto("/generate");
  await page.getByLabel("Transcript title").fill("Rota review");
  await transcriptBox(page).fill(TRANSCRIPT);
  await page.waitForTimeout(600); // the draft is kept once typing pauses
  await page.reload();
  await expect(transcriptBox(page)).toHaveValue(TRANSCRIPT);
  await expect(page.getByLabel("Transcript title")).toHaveValue("Rota review");

  // Clear forgets it
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByLabel("Transcript title").fill("");
  await page.waitForTimeout(600);
  await page.reload();
  await expect(transcriptBox(page)).toHaveValue("");

  // a generation files it in history: a reload shows the result, and the box is free for the next meeting
  await transcriptBox(page).fill(TRANSCRIPT);
  await generateButton(page).click();
  await expectToast(page, "Stories Generated Successfully");
  await page.waitForTimeout(600); // a save that was waiting for typing to pause has had its time, and must not happen
  await page.reload();
  await expect(transcriptBox(page)).toHaveValue("");
  await expect(resultsPanel(page).getByText("No stories yet")).toHaveCount(0);

  // another account on this tab never sees it
  await transcriptBox(page).fill("Private notes of the first account.");
  await page.waitForTimeout(600);
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expectToast(page, "Signed out");
  await registerFreshUser(page, baseURL!);
  await page.goto("/generate");
  await expect(transcriptBox(page)).toHaveValue("");
});

test("history: a transcript whose generation failed can be generated again", async ({ page, baseURL }) => {
  await registerFreshUser(page, baseURL!);
  const samples = await page.request.post("/api/dev/sample-transcripts", {
    data: { count: 3 },
    headers: { Origin: baseURL! },
  });
  expect(samples.ok(), await samples.text()).toBe(true);

  // The embedded generator does not fail, so the list reports a failure for the transcript without stories (as the
  // Worker does after a provider error); the retry itself goes to the real Worker.
  const reason = "The story generator is unavailable right now. Please try again.";
  await page.route(/\/api\/transcripts(\?[^/]*)?$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { transcripts: { hasStories: boolean; generationError: string | null }[] };
    const transcripts = body.transcripts.map((t) => (t.hasStories ? t : { ...t, generationError: reason }));
    await route.fulfill({ response, json: { ...body, transcripts } });
  });

  await page.goto("/history");
  const failed = page.getByRole("article").filter({ hasText: "Processing" });
  await expect(failed).toHaveCount(1);
  await expect(failed.getByText(`Generation failed: ${reason}`)).toBeVisible();
  await expectNoPhoneOverflow(page, "history-generation-failed");
  await screenshotBoth(page, "history-generation-failed");

  await failed.getByRole("button", { name: "Try Again" }).click();
  await expectToast(page, "Stories Generated Successfully");
  await expect(page.getByRole("article").filter({ hasText: "Processing" })).toHaveCount(0);
  await expect(page.getByText("Stories Generated", { exact: true })).toHaveCount(3);
  await expect(page.getByText(`Generation failed: ${reason}`)).toHaveCount(0);
});
