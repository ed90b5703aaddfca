import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  expectToast,
  outboxLinkFor,
  registerFreshUser,
  screenshotBoth,
  signInThroughApi,
  uniqueName,
  verifyThroughApi,
  type OutboxMail,
} from "./support";

// Teams (issue 16): the owner invites by email, the invitee follows the link from the outbox, joins, generates into
// the owner's project; the owner makes them admin, then removes them, and the removed member loses access.

async function invitationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/api/dev/outbox")).json()) as OutboxMail[];
      link = mails
        .filter((m) => m.to === email)
        .map((m) => /https?:\/\/\S+\/team\/accept\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** A verified account with an email address, on the free plan, signed in on `page`. */
async function registerVerified(page: Page, baseURL: string, prefix: string) {
  const username = uniqueName(prefix);
  const email = `${username}@example.com`;
  const registered = await page.request.post("/api/register", {
    data: { username, email, password: "a-very-long-passphrase" },
    headers: { Origin: baseURL, "CF-Connecting-IP": `198.51.100.${200 + Math.floor(Math.random() * 50)}` },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await verifyThroughApi(page.request, email, baseURL);
  await signInThroughApi(page, baseURL, username, "a-very-long-passphrase");
  return { username, email };
}

test("team: invite by email, accept from the outbox, work in the owner's project, become admin, be removed", async ({
  page,
  browser,
  baseURL,
  context,
}) => {
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
  // the empty state's button is gone with the empty state: focus goes to the header's Invite Member
  await expect(page.getByRole("button", { name: "Invite Member" })).toBeFocused();
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
  // a free plan that is in no team has no Team link
  const teamLink = inviteePage.getByRole("navigation").first().getByRole("link", { name: "Team", exact: true });
  await inviteePage.goto("/dashboard");
  await expect(inviteePage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(teamLink).toHaveCount(0);
  await inviteePage.goto(path);
  await expect(inviteePage.getByRole("heading", { name: "Welcome to the Team!", level: 1 })).toBeVisible();
  await expectToast(inviteePage, "Welcome to the Team!");
  await screenshotBoth(inviteePage, "team-welcome", { fullPage: false });
  await expect(inviteePage).toHaveURL(/\/team$/, { timeout: 6000 });
  await expect(inviteePage.getByText(`a member of ${ownerName}'s team`)).toBeVisible();
  // on a free plan, a member still finds the team they work in
  await expect(teamLink).toBeVisible();
  // the same link again: used up
  await inviteePage.goto(path);
  await expect(inviteePage.getByRole("heading", { name: "Invalid Invitation", level: 1 })).toBeVisible();

  // The member generates into the owner's project, picked in the generator and marked as shared.
  await inviteePage.goto("/generate");
  await inviteePage.getByRole("combobox", { name: "Project" }).click();
  const option = inviteePage.getByRole("option", { name: new RegExp(projectName) });
  await expect(option).toContainText("Shared");
  await option.click();
  await inviteePage
    .getByLabel("Transcript", { exact: true })
    .fill("Ana: Cashiers need to refund a single item from a paid order.");
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

// Issue 26, "pre-hijacking (a)": an account that someone else held may be in their team. After a password reset the
// owner is told which teams the account belongs to, signs in straight to them on /team and leaves one.
test("team: after a password reset the account's teams are listed, and a member leaves one", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { Origin: baseURL! };
  // Two team owners on Pro; the second shares a project.
  const [contextA, contextB, contextM] = [
    await browser.newContext({ baseURL }),
    await browser.newContext({ baseURL }),
    await browser.newContext({ baseURL }),
  ];
  const [pageA, pageB, member] = [await contextA.newPage(), await contextB.newPage(), await contextM.newPage()];
  const ownerA = await registerFreshUser(pageA, baseURL!, "pro");
  const ownerB = await registerFreshUser(pageB, baseURL!, "pro");
  const project = await (
    await pageB.request.post("/api/projects", { data: { name: uniqueName("Board ") }, headers })
  ).json();

  // The member: a verified account with an address, on the free plan, in both teams.
  const { username, email } = await registerVerified(member, baseURL!, "joiner");
  for (const owner of [pageA, pageB]) {
    const invited = await owner.request.post("/api/team/invite", { data: { email, role: "member" }, headers });
    expect(invited.ok(), await invited.text()).toBe(true);
    const token = ((await invited.json()) as { data: { inviteToken: string } }).data.inviteToken;
    expect((await member.request.post(`/api/team/accept/${token}`, { headers })).ok()).toBe(true);
  }
  expect((await member.request.get(`/api/projects/${project.id}`)).status()).toBe(200);

  // The reset: its screen lists both teams, and sign-in comes back to them on /team.
  expect((await member.request.post("/api/password-reset/request", { data: { email }, headers })).ok()).toBe(true);
  await member.goto(await outboxLinkFor(member.request, email, "/reset-password"));
  await member.getByLabel("New password", { exact: true }).fill("another-long-passphrase");
  await member.getByLabel("Confirm new password").fill("another-long-passphrase");
  await member.getByRole("button", { name: "Set New Password" }).click();
  await expect(member.getByRole("heading", { name: "Your password was reset", level: 1 })).toBeFocused();
  const listed = member.getByRole("list", { name: "Teams this account belongs to" });
  await expect(listed.getByRole("listitem")).toHaveText(
    [`${ownerA}'s team`, `${ownerB}'s team`].map((t) => new RegExp(t)),
  );
  await screenshotBoth(member, "team-reset-review");
  await member.getByRole("link", { name: "Sign In to Review Them" }).click();
  await member.getByLabel("Username or email").fill(username);
  await member.getByLabel("Password", { exact: true }).fill("another-long-passphrase");
  await member.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(member).toHaveURL(/\/team#teams-you-belong-to$/);
  const section = member.getByRole("region", { name: "Teams you belong to" });
  await expect(section.getByRole("heading", { name: "Teams you belong to" })).toBeFocused();
  const teams = section.getByRole("list", { name: "Teams you belong to" }).getByRole("listitem");
  await expect(teams).toHaveCount(2);
  await expect(teams.nth(1)).toContainText(`${ownerB}'s team`);
  await screenshotBoth(member, "team-joined-teams", { scrollTo: section });

  // Leave the second team from the keyboard: Escape returns focus to the button, then confirm.
  const leave = section.getByRole("button", { name: `Leave team: ${ownerB}'s team` });
  await leave.focus();
  await member.keyboard.press("Enter");
  const confirm = member.getByRole("alertdialog", { name: "Leave Team" });
  await expect(confirm).toContainText(`Leave ${ownerB}'s team? You will lose access to its shared projects.`);
  await screenshotBoth(member, "team-leave-dialog", { fullPage: false });
  await member.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(leave).toBeFocused();
  await member.keyboard.press("Enter");
  await confirm.getByRole("button", { name: "Leave team" }).click();
  await expectToast(member, "Left team");
  await expect(confirm).toBeHidden();
  await expect(teams).toHaveCount(1);
  await expect(teams.first()).toContainText(`${ownerA}'s team`);
  await expect(section.getByRole("heading", { name: "Teams you belong to" })).toBeFocused();

  // Access to the team's project ends at once; its owner's feed says who left.
  expect((await member.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
  await pageB.goto("/dashboard");
  await expect(pageB.getByText(`${username} left the team`).first()).toBeVisible();
  await Promise.all([contextA.close(), contextB.close(), contextM.close()]);
});

// Issue 39, finding 3: whoever held the account added people to its own team and kept an invitation link. The owner's
// reset lists the members who joined before it and withdraws the link; signed in, she lands on /team's review, keeps
// one member and removes the other from the keyboard, and focus follows.
test("team: after a password reset the owner keeps or removes the members who joined before it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { Origin: baseURL! };
  let address = 150;
  /** A verified account with an address, signed in (through the API) in its own browser context. */
  async function person(prefix: string) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const username = uniqueName(prefix);
    const email = `${username}@example.com`;
    const registered = await page.request.post("/api/register", {
      data: { username, email, password: "a-very-long-passphrase" },
      headers: { ...headers, "CF-Connecting-IP": `198.51.100.${address++ + Math.floor(Math.random() * 40)}` },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    await verifyThroughApi(page.request, email, baseURL!);
    await signInThroughApi(page, baseURL!, username, "a-very-long-passphrase");
    return { context, page, username, email };
  }
  const owner = await person("owner");
  expect((await owner.page.request.post("/api/dev/subscription", { data: { tier: "enterprise" }, headers })).ok()).toBe(
    true,
  );
  const [admin, member] = [await person("planted"), await person("helper")];
  const invite = async (email: string, role: "admin" | "member") => {
    const invited = await owner.page.request.post("/api/team/invite", { data: { email, role }, headers });
    expect(invited.ok(), await invited.text()).toBe(true);
    return ((await invited.json()) as { data: { inviteToken: string } }).data.inviteToken;
  };
  for (const [who, role] of [
    [admin, "admin"],
    [member, "member"],
  ] as const) {
    const token = await invite(who.email, role);
    expect((await who.page.request.post(`/api/team/accept/${token}`, { headers })).ok()).toBe(true);
  }
  const kept = await invite(`${uniqueName("kept")}@example.com`, "admin");

  // The reset lists both members and says the invitation went.
  const { page } = owner;
  expect((await page.request.post("/api/password-reset/request", { data: { email: owner.email }, headers })).ok()).toBe(
    true,
  );
  await page.goto(await outboxLinkFor(page.request, owner.email, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill("another-long-passphrase");
  await page.getByLabel("Confirm new password").fill("another-long-passphrase");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("heading", { name: "Your password was reset", level: 1 })).toBeFocused();
  await expect(page.getByRole("list", { name: "Members to review" }).getByRole("listitem")).toHaveText([
    new RegExp(`${admin.username} · Admin`),
    new RegExp(`${member.username} · Member`),
  ]);
  await expect(page.getByText("1 pending invitation to your team was withdrawn")).toBeVisible();
  await screenshotBoth(page, "team-reset-members-review");
  expect((await member.page.request.post(`/api/team/accept/${kept}`, { headers })).status()).toBe(404);

  // Signed in again, straight to the review.
  await page.getByRole("link", { name: "Sign In to Review Them" }).click();
  await page.getByLabel("Username or email").fill(owner.username);
  await page.getByLabel("Password", { exact: true }).fill("another-long-passphrase");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/team#members-to-review$/);
  const notice = page.getByRole("region", { name: "Check who is in your team" });
  await expect(notice.getByRole("heading", { name: "Check who is in your team" })).toBeFocused();
  await screenshotBoth(page, "team-review-notice", { scrollTo: notice });

  // Keep the member from the keyboard: focus moves to the next member's Keep.
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("button", { name: `Keep ${admin.username}` })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("button", { name: `Keep ${member.username}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Member kept");
  await expect(notice.getByRole("button", { name: `Keep ${admin.username}` })).toBeFocused();

  // Remove the planted admin: the spec's confirmation, then focus goes to Team Members once the notice is gone.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Remove Team Member" });
  await expect(confirm).toContainText(`Are you sure you want to remove ${admin.username} from your team?`);
  await confirm.getByRole("button", { name: "Remove Member" }).click();
  await expectToast(page, "Member removed");
  await expect(notice).toBeHidden();
  await expect(page.getByRole("heading", { name: "Team Members" })).toBeFocused();
  await expect(page.getByText(admin.email)).toHaveCount(0);
  const adminNow = (await (await admin.page.request.get("/api/team/membership")).json()) as {
    data: { memberOf: unknown[] };
  };
  expect(adminNow.data.memberOf).toEqual([]);
  await Promise.all([owner.context.close(), admin.context.close(), member.context.close()]);
});

test("team: a free member who used their own allowance generates under the Pro owner's plan in the shared project", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { Origin: baseURL! };
  const ownerContext = await browser.newContext({ baseURL });
  const memberContext = await browser.newContext({ baseURL });
  const [owner, member] = [await ownerContext.newPage(), await memberContext.newPage()];
  const ownerName = await registerFreshUser(owner, baseURL!, "pro");
  const name = uniqueName("Shared board ");
  const project = (await (await owner.request.post("/api/projects", { data: { name }, headers })).json()) as {
    id: number;
  };

  // The member: a verified free account in the owner's team, whose own 5 generations of the month are used.
  const { email } = await registerVerified(member, baseURL!, "member");
  const invited = await owner.request.post("/api/team/invite", { data: { email, role: "member" }, headers });
  const token = ((await invited.json()) as { data: { inviteToken: string } }).data.inviteToken;
  expect((await member.request.post(`/api/team/accept/${token}`, { headers })).ok()).toBe(true);
  for (let i = 1; i <= 5; i++) {
    const own = await member.request.post("/api/generate", {
      data: { transcript: `Standup ${i}: as a user I want to reset my password so that I can sign in again.` },
      headers,
    });
    expect(own.ok(), await own.text()).toBe(true);
  }

  // In the owner's project the owner's Pro plan applies: nothing stops the member, and the server agrees.
  await member.goto(`/generate?project=${project.id}`);
  const select = member.getByRole("combobox", { name: "Project" });
  await expect(select).toContainText(name);
  const form = member.locator("form");
  const generate = member.getByRole("button", { name: "Generate User Stories & Epics" });
  await expect(form.getByText(/transcripts used this month|monthly transcripts/)).toHaveCount(0);
  await member
    .getByLabel("Transcript", { exact: true })
    .fill("Ana: Drivers need to see the whole route on one screen before they leave the depot.");
  await expect(generate).toBeEnabled();
  await screenshotBoth(member, "generator-shared-project-allowance");
  await generate.click();
  await expectToast(member, "Stories Generated Successfully");

  // With no project, the member's own free allowance applies again, and is said before the work.
  await select.click();
  await member.getByRole("option", { name: "No Project" }).click();
  await expect(form.getByText("You've used all 5 monthly transcripts on the free plan.")).toBeVisible();
  await expect(generate).toBeDisabled();

  // The owner's plan ends and the project's 5 are used: the member is told whose allowance it is, before the work.
  expect((await owner.request.post("/api/dev/subscription", { data: { tier: "free" }, headers })).ok()).toBe(true);
  for (let i = 2; i <= 5; i++) {
    const inProject = await owner.request.post("/api/generate", {
      data: { transcript: `Sync ${i}: as a user I want to export my invoices as PDF.`, projectId: project.id },
      headers,
    });
    expect(inProject.ok(), await inProject.text()).toBe(true);
  }
  await member.goto(`/generate?project=${project.id}`);
  await expect(
    form.getByText(`${ownerName}'s plan has used all 5 monthly transcripts for their team's projects.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(generate).toBeDisabled();
  await screenshotBoth(member, "generator-shared-project-used-up");
  await ownerContext.close();
  await memberContext.close();
});
