import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectToast, registerFreshUser, screenshotBoth } from "./support";

// Audio transcription (issue 19), against the fake OpenAI-compatible transcription server the e2e runner starts
// (scripts/fake-transcription.ts, through TRANSCRIPTION_API_BASE, a development-only override).

const WAV = readFileSync(new URL("../worker/test/fixtures/audio/speech.wav", import.meta.url));

test("a Pro user uploads a WAV: the progress bar, then the transcript in the text area", async ({ page, baseURL }) => {
  await registerFreshUser(page, baseURL!, "pro");
  await page.goto("/generate");
  // slow the answer a little so the progress bar can be seen
  await page.route("**/api/transcribe-audio", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page
    .getByTestId("transcript-file")
    .setInputFiles({ name: "ward-round.wav", mimeType: "audio/wav", buffer: WAV });
  const bar = page.getByRole("progressbar", { name: "Audio transcription progress" });
  await expect(bar).toBeVisible();
  await expect(page.getByText("Transcribing audio...")).toBeVisible();
  await screenshotBoth(page, "audio-transcribing", { fullPage: false });
  await expectToast(page, "Audio Transcribed Successfully");
  await expect(page.getByLabel("Transcript", { exact: true })).toHaveValue(
    /Nurses need to see the bed count for every ward\./,
  );
  await expect(page.getByLabel("Transcript title")).toHaveValue(/ward-round|Ward round/i);
  await screenshotBoth(page, "audio-transcribed");
});

test("a free user picking a recording gets the Pro toast, and nothing is uploaded", async ({ page, baseURL }) => {
  await registerFreshUser(page, baseURL!);
  await page.goto("/generate");
  let uploads = 0;
  page.on("request", (r) => void (r.url().includes("/api/transcribe-audio") && uploads++));
  await page
    .getByTestId("transcript-file")
    .setInputFiles({ name: "ward-round.wav", mimeType: "audio/wav", buffer: WAV });
  await expectToast(page, "Pro Feature Required");
  expect(uploads).toBe(0);
  await expect(page.getByLabel("Transcript", { exact: true })).toHaveValue("");
});
