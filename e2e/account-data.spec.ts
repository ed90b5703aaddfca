import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectToast, registerFreshUser, screenshotBoth, uniqueName } from "./support";

// Account data (issue 17): the summary counts, a downloaded export holding a transcript's text, then deletion and
// the sign-out; the same username registers again afterwards.

test("account settings: data summary, export download, delete the account and sign out", async ({ page, baseURL }) => {
  const headers = { Origin: baseURL! };
  const username = await registerFreshUser(page, baseURL!);
  const project = await page.request.post("/api/projects", { data: { name: uniqueName("Data ") }, headers });
  expect(project.ok()).toBe(true);
  const text = `Ana: Librarians need to ${uniqueName("renew")} a loan from the desk.`;
  const generated = await page.request.post("/api/generate", {
    data: { transcript: text, projectId: (await project.json()).id },
    headers,
  });
  expect(generated.ok(), await generated.text()).toBe(true);

  await page.goto("/account");
  const summary = page.getByRole("heading", { name: "Your data" }).locator("..");
  await expect(summary.getByText("Projects").locator("..")).toContainText("1");
  await expect(summary.getByText("Transcripts").locator("..")).toContainText("1");
  await expect(summary.getByText("Integrations", { exact: true }).locator("..")).toContainText("0");
  await screenshotBoth(page, "account-data");

  // The export downloads as storyloom-data-YYYY-MM-DD.json and holds the transcript's text.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export My Data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^storyloom-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), "utf8")) as {
    account: { username: string };
    transcripts: { content: string }[];
  };
  expect(exported.account.username).toBe(username);
  expect(exported.transcripts.map((t) => t.content)).toContain(text);
  await expectToast(page, "Export Complete");

  // Deletion: the confirmation says what goes, waits for the typed word, then signs out.
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("1 project and 1 transcript, with their stories");
  const confirm = dialog.getByRole("button", { name: "Delete My Account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type DELETE to confirm").fill("delete");
  await screenshotBoth(page, "account-delete-confirm", { fullPage: false });
  await confirm.click();
  await expectToast(page, "Account deleted");
  await expect(page).toHaveURL(/\/$/);
  // signed out: the cookie went with the account
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

  // The same username can be registered again.
  const again = await page.request.post("/api/register", {
    data: { username, password: "another-very-long-passphrase" },
    headers: { ...headers, "CF-Connecting-IP": "198.51.100.251" },
  });
  expect(again.ok(), await again.text()).toBe(true);
});
