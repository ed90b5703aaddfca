import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectToast, registerFreshUser, screenshotBoth } from "./support";

// Story versions: two tabs saving the same stories (the second is asked to reload or overwrite), and restoring the
// edited stories a regeneration replaced. Transcripts are made through the API to keep the journeys short.

const TRANSCRIPT = `Ana: Customers keep asking for a way to export their invoices as CSV.
Ben: We should add an export button on the invoices page, and it must include the VAT column.
Ana: Also people need to filter invoices by date before exporting.`;

interface Saved {
  storiesVersion: number;
  generatedStories: { epic: { title: string } };
}

async function generated(request: APIRequestContext, baseURL: string, title: string): Promise<number> {
  const response = await request.post("/api/generate", {
    data: { transcript: TRANSCRIPT, title },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { transcriptId: number }).transcriptId;
}

async function current(request: APIRequestContext, id: number): Promise<Saved> {
  return (await (await request.get(`/api/transcripts/${id}`)).json()) as Saved;
}

const editor = (page: Page) => page.getByRole("dialog", { name: "Edit Stories Before Export" });

/** Expands the history card, opens its editor and types a new epic title. */
async function editEpicTitle(page: Page, card: string, title: string): Promise<Locator> {
  const article = page.getByRole("article", { name: card });
  await article.getByRole("button", { name: "View" }).click();
  await article.getByRole("button", { name: "Edit" }).click();
  await editor(page).getByLabel("Title").fill(title);
  return article;
}

test("two tabs edit the same stories: the later save is offered to reload or to overwrite", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const id = await generated(page.request, baseURL!, "Two tabs");
  const second = await page.context().newPage();
  await page.goto("/history");
  await second.goto("/history");

  await editEpicTitle(page, "Two tabs", "Saved in the first tab");
  await editEpicTitle(second, "Two tabs", "Saved in the second tab");
  await editor(page).getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Changes Saved");

  // The second tab edited the version before: its save is refused and it is asked, nothing is overwritten.
  await editor(second).getByRole("button", { name: "Save Changes" }).click();
  const question = second.getByRole("alertdialog", { name: "These stories have changed" });
  await expect(question).toBeVisible();
  expect((await current(page.request, id)).generatedStories.epic.title).toBe("Saved in the first tab");
  await screenshotBoth(second, "editor-stale-save", { fullPage: false });

  // Overwrite: saved again against the newer version.
  await question.getByRole("button", { name: "Overwrite with My Edits" }).click();
  await expectToast(second, "Changes Saved");
  await expect(editor(second)).toBeHidden();
  expect((await current(page.request, id)).generatedStories.epic.title).toBe("Saved in the second tab");

  // Now the first tab is behind: Reload shows the second tab's stories in its editor, and saving them works.
  const first = page.getByRole("article", { name: "Two tabs" });
  await first.getByRole("button", { name: "Edit" }).click();
  await editor(page).getByLabel("Title").fill("Not kept");
  await editor(page).getByRole("button", { name: "Save Changes" }).click();
  await page
    .getByRole("alertdialog", { name: "These stories have changed" })
    .getByRole("button", { name: "Reload Current Stories" })
    .click();
  await expectToast(page, "Stories Reloaded");
  await expect(editor(page).getByLabel("Title")).toHaveValue("Saved in the second tab");
  await editor(page).getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Changes Saved");
  await expect(first.getByRole("heading", { name: "Saved in the second tab" })).toBeVisible();
  await second.close();
});

test("regenerating edited stories keeps them: the history card offers Restore previous version", async ({
  page,
  baseURL,
}) => {
  await registerFreshUser(page, baseURL!);
  const headers = { Origin: baseURL! };
  const id = await generated(page.request, baseURL!, "Regenerated");
  const before = await current(page.request, id);
  const stories = structuredClone(before.generatedStories);
  stories.epic.title = "Hand-edited epic";
  const edited = await page.request.put(`/api/transcripts/${id}/stories`, {
    data: { storiesVersion: before.storiesVersion, stories },
    headers,
  });
  expect(edited.ok(), await edited.text()).toBe(true);

  // Regenerate from the history card: it asks first (Cancel changes nothing), then generates again
  await page.goto("/history");
  const card = page.getByRole("article", { name: "Regenerated" });
  const regenerate = card.getByRole("button", { name: "Regenerate" });
  await regenerate.click();
  const ask = page.getByRole("alertdialog", { name: "Regenerate the stories?" });
  await expect(ask.getByText(/your edits included/)).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(regenerate).toBeFocused();
  expect((await current(page.request, id)).generatedStories.epic.title).toBe("Hand-edited epic");
  await regenerate.click();
  await ask.getByRole("button", { name: "Regenerate" }).click();
  await expectToast(page, "Stories Generated Successfully");
  await expect(ask).toBeHidden();
  await card.getByRole("button", { name: "View" }).click();
  await expect(card.getByText("A previous version of these stories is kept.")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Hand-edited epic" })).toHaveCount(0);
  await screenshotBoth(page, "history-restore-previous");

  await card.getByRole("button", { name: "Restore previous version" }).click();
  await expectToast(page, "Previous Version Restored");
  await expect(card.getByRole("heading", { name: "Hand-edited epic" })).toBeVisible();
  expect((await current(page.request, id)).generatedStories.epic.title).toBe("Hand-edited epic");
  // The regenerated stories are now the previous version: restoring again would bring them back.
  await expect(card.getByRole("button", { name: "Restore previous version" })).toBeVisible();
});
