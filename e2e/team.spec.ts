import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectToast, registerFreshUser, screenshotBoth, uniqueName, type OutboxMail } from "./support";

// Teams (issue 16): the owner invites by email, the invitee follows the link from the outbox, joins, generates into
// the owner's project; the owner makes them admin, then removes them, and the removed member loses access.

async function invitationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/api/dev/outbox")).json()) as OutboxMail[];
      link = mails.filter((m) => m.to === email).map((m) => /https?:\/\/\S+\/team\/accept\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link!;
}

test("team: invite by email, accept from the outbox, work in the owner's project, become admin, be removed", async ({ page, browser, baseURL, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  const headers = { Origin: baseURL! };
  const ownerName = await registerFreshUser(page, baseURL!, "pro");
  const projectName = uniqueName("Checkout ");
  const created = await page.request.post("/api/projects", { data: { name: projectName }, headers });
  expect(created.ok()).toBe(true);

  // The owner's empty team: three stat cards and the empty state.
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Team Management", level: 1 })).toBeVisible();
  const summary = page.getByRole("region", { name: "Team summary" });
  await expect(summary.getByText("1/3")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No team members yet" })).toBeVisible();
  await screenshotBoth(page, "team-empty");

  // Invite by email: 'Sending...', the toast, a pending row with a copyable link.
  const email = `${uniqueName("invitee")}@example.com`;
  await page.getByRole("button", { name: "Invite Your First Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite Team Member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expectToast(page, "Invitation sent");
  await expect(dialog).toBeHidden();
  await expect(summary.getByText("2/3")).toBeVisible();
  const table = page.getByRole("table", { name: "Team members" });
  await expect(table.getByRole("row", { name: new RegExp(email) })).toContainText("Pending");
  await table.getByRole("button", { name: `Copy invite link for ${email}` }).click();
  await expect(table.getByRole("button", { name: `Copy invite link for ${email}` })).toHaveText("Copied!");
  await expectToast(page, "Link copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const link = await invitationLinkFor(page.request, email);
  expect(copied).toBe(link.replace(/^https?:\/\/[^/]+/, baseURL!));
  await screenshotBoth(page, "team-pending");

  // The invitee: signed out, the link asks to sign in; after signing up it comes back and joins.
  const invitee = await browser.newContext({ baseURL });
  const inviteePage = await invitee.newPage();
  const path = new URL(link).pathname;
  await inviteePage.goto(path);
  await expect(inviteePage.getByRole("heading", { name: "Team Invitation", level: 1 })).toBeVisible();
  await expect(inviteePage.getByRole("link", { name: "Sign In to Accept Invitation" })).toBeVisible();
  await screenshotBoth(inviteePage, "team-invitation-signed-out");
  const inviteeName = await registerFreshUser(inviteePage, baseURL!);
  await inviteePage.goto(path);
  await expect(inviteePage.getByRole("heading", { name: "Welcome to the Team!", level: 1 })).toBeVisible();
  await expectToast(inviteePage, "Welcome to the Team!");
  await screenshotBoth(inviteePage, "team-welcome", { fullPage: false });
  await expect(inviteePage).toHaveURL(/\/team$/, { timeout: 6000 });
  await expect(inviteePage.getByText(`a member of ${ownerName}'s team`)).toBeVisible();
  // the same link again: used up
  await inviteePage.goto(path);
  await expect(inviteePage.getByRole("heading", { name: "Invalid Invitation", level: 1 })).toBeVisible();

  // The member generates into the owner's project, picked in the generator and marked as shared.
  await inviteePage.goto("/generate");
  await inviteePage.getByRole("combobox", { name: "Project" }).click();
  const option = inviteePage.getByRole("option", { name: new RegExp(projectName) });
  await expect(option).toContainText("Shared");
  await option.click();
  await inviteePage.getByLabel("Transcript", { exact: true }).fill("Ana: Cashiers need to refund a single item from a paid order.");
  await inviteePage.getByRole("button", { name: "Generate User Stories & Epics" }).click();
  await expectToast(inviteePage, "Stories Generated Successfully");
  await inviteePage.goto("/dashboard");
  await inviteePage.getByRole("tab", { name: "Projects" }).click();
  await expect(inviteePage.getByRole("link", { name: new RegExp(projectName) }).first()).toContainText("Shared");
  // a member works in the project but does not manage it: no Edit/Settings/Delete menu
  await expect(inviteePage.getByRole("button", { name: `Actions for ${projectName}` })).toHaveCount(0);
  await screenshotBoth(inviteePage, "team-member-dashboard-projects");
  const transcriptId = (await (await inviteePage.request.get("/api/transcripts")).json()).transcripts[0].id as number;

  // The owner sees them active, makes them admin, then removes them.
  await page.reload();
  const row = table.getByRole("row", { name: new RegExp(inviteeName) });
  await expect(row).toContainText("Active");
  await expect(summary.getByText("2/3")).toBeVisible();
  await row.getByRole("button", { name: `Make Admin: ${inviteeName}` }).click();
  await expectToast(page, "Role updated");
  await expect(row).toContainText("Admin");
  await screenshotBoth(page, "team-members");
  await row.getByRole("button", { name: `Remove Member: ${inviteeName}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    `Are you sure you want to remove ${inviteeName} from your team? This action cannot be undone and they will lose access to all shared projects.`,
  );
  await confirm.getByRole("button", { name: "Remove Member" }).click();
  await expectToast(page, "Member removed");
  await expect(page.getByRole("heading", { name: "No team members yet" })).toBeVisible();

  // The removed member's very next requests: no shared project, the transcript they made is the owner's.
  expect((await inviteePage.request.get(`/api/transcripts/${transcriptId}`)).status()).toBe(404);
  await inviteePage.goto("/dashboard");
  await inviteePage.getByRole("tab", { name: "Projects" }).click();
  await expect(inviteePage.getByRole("link", { name: new RegExp(projectName) })).toHaveCount(0);
  expect((await page.request.get(`/api/transcripts/${transcriptId}`)).status()).toBe(200);
  await invitee.close();
});
