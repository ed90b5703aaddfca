import { env, runInDurableObject } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../../schema/db";
import { createFakeBilling, fakeSubscription } from "../../adapters/billing/fake";
import { createStripeBilling } from "../../adapters/billing/stripe";
import { createFakeChatSessions } from "../../adapters/chat-session/fake";
import { FORMER_MEMBER } from "../../data/activity";
import { audioPrefix } from "../../data/audio-objects";
import { getConfig } from "../../lib/config";
import type { Bindings } from "../../bindings";
import { checkAgainstDescription } from "../../test/api-description";
import { call, json } from "../../test/client";
import { buildTestDeps } from "../../test/deps";
import {
  addTeamMember,
  createAccessTokenFor,
  countRows,
  createIntegration,
  createInvitation,
  createProject,
  createTranscriptWithStories,
  createTranscripts,
  createUser,
  setTier,
  TEST_PASSWORD,
} from "../../test/factories";
import { FAKE_PRICES, FakeStripe } from "../../test/stripe/fake-stripe";
import { mockStripe } from "../../test/stripe/mock";
import { answerQuestion } from "../assistant";
import { generateStories } from "../generation";
import { acceptTeamInvitation, changeMemberRole } from "../teams";
import { ACCOUNT_TABLES, NOT_ACCOUNT_TABLES } from "./coverage";
import { CUSTOMER_NOT_DELETED_MESSAGE, deleteAccount, exportAccountData, getDataSummary } from "./index";

// Account data (issue 17): the summary, the complete export, and a deletion that leaves nothing behind.

const STRIPE_ENV: Partial<Bindings> = {
  STRIPE_SECRET_KEY: "sk_test_storyloom",
  STRIPE_PUBLISHABLE_KEY: "pk_test_storyloom",
  STRIPE_PRICE_PRO: FAKE_PRICES[0]!.id,
  STRIPE_PRICE_ENTERPRISE: FAKE_PRICES[1]!.id,
};

const tables = Object.values(schema).filter((v) => is(v, SQLiteTable)) as SQLiteTable[];

describe("coverage of the account's tables", () => {
  it("lists every table that points to a user, directly or through a parent, with its user columns", () => {
    const configs = tables.map((t) => getTableConfig(t));
    const userLinked = new Set<string>(["users"]);
    // a table is the user's when a foreign key reaches users, directly or through a table that does
    for (let changed = true; changed;) {
      changed = false;
      for (const c of configs) {
        if (userLinked.has(c.name)) continue;
        const parents = c.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name);
        if (parents.some((p) => userLinked.has(p))) {
          userLinked.add(c.name);
          changed = true;
        }
      }
    }
    // columns that carry a person's address count too (the outbox is keyed by it)
    for (const c of configs)
      if (c.columns.some((col) => col.name === "to" || col.name === "email")) userLinked.add(c.name);

    expect([...userLinked].sort()).toEqual(Object.keys(ACCOUNT_TABLES).sort());
    expect(
      configs
        .map((c) => c.name)
        .filter((n) => !userLinked.has(n))
        .sort(),
    ).toEqual(Object.keys(NOT_ACCOUNT_TABLES).sort());
    for (const c of configs) {
      const coverage = ACCOUNT_TABLES[c.name];
      if (!coverage || c.name === "users" || c.name === "email_outbox") continue;
      const direct = c.foreignKeys
        .filter((fk) => getTableConfig(fk.reference().foreignTable).name === "users")
        .flatMap((fk) => fk.reference().columns.map((col) => col.name));
      expect(direct.sort(), c.name).toEqual([...coverage.userColumns].sort());
    }
  });
});

async function readExport(userId: number) {
  const { filename, body } = await exportAccountData(buildTestDeps({ now: Date.now }), userId);
  const text = await new Response(body).text();
  return {
    filename,
    text,
    doc: JSON.parse(text) as Record<string, unknown> & { transcripts: { content: string; title: string }[] },
  };
}

describe("data summary and export", () => {
  it("counts what the account holds", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const project = await createProject(user, { name: "Summary" });
    await createTranscripts(user, { count: 3, projectId: project.id });
    await createIntegration(user, project.id);
    await env.AUDIO.put(`${audioPrefix(user.id)}a.mp3`, "ID3");
    expect(await getDataSummary(buildTestDeps(), user.id)).toMatchObject({
      projects: 1,
      transcripts: 3,
      integrations: 1,
      exports: 0,
      recordings: 1,
    });
  });

  it("exports everything the account owns as one JSON document, without any secret", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const project = await createProject(user, { name: "Export me" });
    const transcriptId = await createTranscriptWithStories(user, project.id, { count: 2 });
    await createIntegration(user, project.id);
    await createInvitation(user, "invited@example.com");
    const token = await createAccessTokenFor(user, ["read"], { name: "Nightly script" });
    const owner = await createUser();
    await setTier(owner, "pro");
    await addTeamMember(owner, user);

    const { filename, text, doc } = await readExport(user.id);
    expect(doc.accessTokens).toEqual([expect.objectContaining({ name: "Nightly script", scopes: ["read"] })]);
    expect(text).not.toContain(token.slice(4, 36));
    expect(filename).toMatch(/^storyloom-data-\d{4}-\d{2}-\d{2}\.json$/);
    const transcriptRow = await env.DB.prepare("SELECT content FROM transcripts WHERE id = ?")
      .bind(transcriptId)
      .first<{ content: string }>();
    expect(doc.transcripts.map((t) => t.content)).toContain(transcriptRow!.content);
    expect(doc).toMatchObject({
      account: { id: user.id, username: user.username, email: user.email, hasPassword: true },
      projects: [expect.objectContaining({ name: "Export me" })],
      integrations: [
        expect.objectContaining({
          type: "jira",
          config: expect.objectContaining({ apiToken: expect.stringMatching(/^•+/) }),
        }),
      ],
      team: {
        members: [expect.objectContaining({ invitedEmail: "invited@example.com", status: "pending" })],
        memberOf: [expect.objectContaining({ teamOwner: owner.username })],
      },
    });
    expect(Object.keys(doc)).toEqual(
      expect.arrayContaining(Object.values(ACCOUNT_TABLES).map((t) => t.exportedAs.split(".")[0]!)),
    );
    // no password hash, session or token hashes, sealed or plain credentials
    const secrets = await env.DB.batch([
      env.DB.prepare("SELECT password_hash AS v FROM users WHERE id = ?").bind(user.id),
      env.DB.prepare("SELECT id AS v FROM sessions WHERE user_id = ?").bind(user.id),
      env.DB.prepare("SELECT secret_sealed AS v FROM integrations WHERE owner_id = ?").bind(user.id),
      env.DB.prepare("SELECT token_hash AS v FROM team_memberships WHERE owner_id = ?").bind(user.id),
      env.DB.prepare("SELECT token_hash AS v FROM access_tokens WHERE user_id = ?").bind(user.id),
    ]);
    const values = secrets
      .flatMap((r) => (r.results as { v: string | null }[]).map((x) => x.v))
      .filter((v): v is string => Boolean(v));
    expect(values.length).toBeGreaterThanOrEqual(5);
    for (const secret of [...values, "fake-jira-token", TEST_PASSWORD]) expect(text).not.toContain(secret);
  });

  it("exports an account with data in every table in the shape /api/openapi.json gives the download", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const { user } = await userWithEverything(fake);
    const { text } = await readExport(user.id);
    const download = new Response(text, { headers: { "Content-Type": "application/json; charset=utf-8" } });
    await checkAgainstDescription("GET", new URL("http://localhost/api/user/export-data"), download);
  });

  it("streams a heavy account page by page and keeps every transcript", async () => {
    const user = await createUser();
    await createTranscripts(user, { count: 130 });
    const { doc } = await readExport(user.id);
    expect(doc.transcripts).toHaveLength(130);
    expect(new Set(doc.transcripts.map((t) => t.title)).size).toBeGreaterThan(1);
  });
});

/** A user with data in every table: projects, transcripts, an integration and an export, a team with a member and an
 * invitation, a membership in someone else's team (with a transcript made there), a Stripe subscription, and audio. */
async function userWithEverything(fake: FakeStripe) {
  const user = await createUser();
  const created = await call("POST", "/api/create-subscription", {
    cookie: user.session,
    body: { tier: "pro" },
    env: STRIPE_ENV,
  });
  expect(created.status).toBe(200);
  // paid, as after the first invoice (the emulator's subscription is what gets cancelled)
  await env.DB.prepare("UPDATE subscriptions SET tier = 'pro', status = 'active' WHERE user_id = ?")
    .bind(user.id)
    .run();
  await createAccessTokenFor(user, ["read", "export"]);
  const { subscriptionId } = (await env.DB.prepare(
    "SELECT stripe_subscription_id AS subscriptionId FROM subscriptions WHERE user_id = ?",
  )
    .bind(user.id)
    .first<{ subscriptionId: string }>())!;
  expect(fake.inspect(subscriptionId).id).toBe(subscriptionId);
  const project = await createProject(user, { name: "Mine" });
  const transcriptId = await createTranscriptWithStories(user, project.id, { count: 2 });
  const integration = await createIntegration(user, project.id);
  await env.DB.prepare(
    "INSERT INTO integration_exports (integration_id, transcript_id, ref, total, completed_at) VALUES (?, ?, 'ref', 3, ?)",
  )
    .bind(integration.id, transcriptId, Date.now())
    .run();
  const member = await createUser();
  await addTeamMember(user, member);
  await createInvitation(user, "pending@example.com");
  const otherOwner = await createUser();
  await setTier(otherOwner, "pro");
  await addTeamMember(otherOwner, user);
  const theirProject = await createProject(otherOwner, { name: "Theirs" });
  const madeThere = await generateStories(buildTestDeps({ now: Date.now }), user.id, {
    transcript: "Ana: Couriers need a signature on delivery.",
    projectId: theirProject.id,
  });
  await env.AUDIO.put(`${audioPrefix(user.id)}one.mp3`, "ID3");
  await env.AUDIO.put(`${audioPrefix(user.id)}two.wav`, "RIFF");
  await env.AUDIO.put(`${audioPrefix(otherOwner.id)}keep.mp3`, "ID3");
  await env.DB.prepare("INSERT INTO email_outbox (\"to\", subject, text, html) VALUES (?, 'Hi', 'Hi', '<p>Hi</p>')")
    .bind(user.email)
    .run();
  return { user, member, otherOwner, theirProject, madeThere: madeThere.transcriptId, subscriptionId };
}

async function leftovers(userId: number, email: string | null): Promise<string[]> {
  const found: string[] = [];
  for (const [table, coverage] of Object.entries(ACCOUNT_TABLES)) {
    for (const column of coverage.userColumns) {
      const value = column === "to" ? email : userId;
      const n = await countRows(table, `"${column}" = ?`, value);
      if (n > 0) found.push(`${table}.${column}: ${n}`);
    }
  }
  const objects = await env.AUDIO.list({ prefix: audioPrefix(userId) });
  if (objects.objects.length) found.push(`R2: ${objects.objects.length}`);
  return found;
}

describe("deletion", () => {
  it("cancels Stripe once, empties R2, and leaves no row of the account while others' data stays", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const { user, member, otherOwner, theirProject, madeThere, subscriptionId } = await userWithEverything(fake);
    const billing = createStripeBilling(getConfig({ ...env, ...STRIPE_ENV } as Bindings).billing!);
    await deleteAccount(buildTestDeps({ billing, now: Date.now }), user.id);

    expect(await leftovers(user.id, user.email)).toEqual([]);
    expect(fake.callsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    // the other team keeps the transcript the user made there; the user's own team member keeps their account
    expect(
      await env.DB.prepare("SELECT owner_id, created_by FROM transcripts WHERE id = ?").bind(madeThere).first(),
    ).toEqual({ owner_id: otherOwner.id, created_by: null });
    expect(await countRows("projects", "id = ?", theirProject.id)).toBe(1);
    expect(await countRows("users", "id IN (?, ?)", member.id, otherOwner.id)).toBe(2);
    expect((await env.AUDIO.list({ prefix: audioPrefix(otherOwner.id) })).objects).toHaveLength(1);
    // the member of the deleted owner's team lost its projects with it
    expect(await countRows("team_memberships", "member_id = ?", member.id)).toBe(0);
  });

  it("completes on retry after failing past the R2 step, without asking Stripe again", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const { user, subscriptionId } = await userWithEverything(fake);
    const billing = createStripeBilling(getConfig({ ...env, ...STRIPE_ENV } as Bindings).billing!);
    const deps = buildTestDeps({ billing, now: Date.now });
    const failingDb = new Proxy(deps.db, {
      get(target, key, receiver) {
        if (key === "batch") return () => Promise.reject(new Error("D1 went away"));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    await expect(deleteAccount({ ...deps, db: failingDb }, user.id)).rejects.toThrow("D1 went away");
    expect((await env.AUDIO.list({ prefix: audioPrefix(user.id) })).objects).toHaveLength(0);
    expect(await countRows("users", "id = ?", user.id)).toBe(1);

    await deleteAccount(deps, user.id);
    expect(await leftovers(user.id, user.email)).toEqual([]);
    expect(fake.callsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it("refuses to delete an account whose Stripe subscription it cannot cancel, and keeps everything", async () => {
    const user = await createUser();
    await env.DB.prepare(
      "INSERT INTO subscriptions (user_id, tier, status, source, stripe_subscription_id, updated_at) VALUES (?, 'pro', 'active', 'stripe', ?, ?)",
    )
      .bind(user.id, `sub_${user.id}`, Date.now())
      .run();
    await env.AUDIO.put(`${audioPrefix(user.id)}keep.mp3`, "ID3");
    const refused = await deleteAccount(buildTestDeps({ billing: null, now: Date.now }), user.id).catch(
      (e: unknown) => e,
    );
    expect((refused as { status: number; message: string }).status).toBe(503);
    expect((refused as Error).message).toMatch(/subscription can't be cancelled right now/);
    expect(await countRows("users", "id = ?", user.id)).toBe(1);
    expect((await env.AUDIO.list({ prefix: audioPrefix(user.id) })).objects).toHaveLength(1);
  });

  it("signs out over HTTP, and the same username and email can register again", async () => {
    const user = await createUser();
    await createTranscripts(user, { count: 2 });
    const deleted = await call("DELETE", "/api/user/delete-account", { cookie: user.session });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await call("GET", "/api/user/data-summary", { cookie: user.session })).status).toBe(401);
    const again = await call("POST", "/api/register", {
      body: { username: user.username, email: user.email, password: "a-brand-new-passphrase" },
      ip: "100.66.0.1",
    });
    expect(again.status, JSON.stringify(await json(again))).toBe(201);
  });
});

// Security issue 26: what else the deletion erases. (a) The person's name and address in other accounts' feeds,
// (b) invitations still pending for their address, (c) their Stripe customer, (d) their help-assistant session.
describe("erasure beyond the account's own rows", () => {
  const feedOf = async (ownerId: number) =>
    (
      await env.DB.prepare("SELECT kind, subject FROM activity_events WHERE owner_id = ? ORDER BY id")
        .bind(ownerId)
        .all<{ kind: string; subject: string }>()
    ).results;

  it("(a) names a member of someone else's team 'a former member' in that team's feed, and leaves everyone and everything else", async () => {
    const deps = buildTestDeps({ now: Date.now });
    const person = await createUser();
    const colleague = await createUser();
    const owner = await createUser();
    await setTier(owner, "pro");
    const membershipId = await addTeamMember(owner, person);
    await addTeamMember(owner, colleague);
    await changeMemberRole(deps, owner.id, membershipId, "admin");
    // a project that happens to carry the person's username is a project, not the person
    await createProject(owner, { name: person.username });
    // a second team, joined through an invitation sent to another address of theirs
    const otherOwner = await createUser();
    await setTier(otherOwner, "pro");
    const alias = `${person.username}-alias@example.com`;
    const { token } = await createInvitation(otherOwner, alias);
    await acceptTeamInvitation(deps, person.id, token);
    await createProject(person, { name: "My own" });

    expect(await feedOf(owner.id)).toEqual([
      { kind: "member_invited", subject: person.email },
      { kind: "member_joined", subject: person.username },
      { kind: "member_invited", subject: colleague.email },
      { kind: "member_joined", subject: colleague.username },
      { kind: "member_made_admin", subject: person.username },
      { kind: "project_created", subject: person.username },
    ]);
    await deleteAccount(deps, person.id);

    expect(await feedOf(owner.id)).toEqual([
      { kind: "member_invited", subject: FORMER_MEMBER },
      { kind: "member_joined", subject: FORMER_MEMBER },
      { kind: "member_invited", subject: colleague.email },
      { kind: "member_joined", subject: colleague.username },
      { kind: "member_made_admin", subject: FORMER_MEMBER },
      { kind: "project_created", subject: person.username },
    ]);
    expect(await feedOf(otherOwner.id)).toEqual([
      { kind: "member_invited", subject: FORMER_MEMBER },
      { kind: "member_joined", subject: FORMER_MEMBER },
    ]);
    expect(await feedOf(person.id)).toEqual([]);
    // over HTTP, the owner's dashboard feed reads the same
    const feed = await json<{ subject: string }[] | { activities: { subject: string }[] }>(
      await call("GET", "/api/activity", { cookie: owner.session }),
    );
    const subjects = (Array.isArray(feed) ? feed : feed.activities).map((item) => item.subject);
    expect(subjects).toContain(FORMER_MEMBER);
    expect(subjects.join("\n")).not.toContain(person.email!);
    expect(await countRows("activity_events", "lower(subject) IN (lower(?), lower(?))", person.email, alias)).toBe(0);
    expect(await countRows("team_memberships", "member_id = ?", colleague.id)).toBe(1);
  });

  it("(b) deletes invitations still pending for the person's address in any team, and no one else's", async () => {
    const person = await createUser();
    const teams = [await createUser(), await createUser()];
    for (const team of teams) {
      await setTier(team, "pro");
      await createInvitation(team, person.email!.toUpperCase());
    }
    await createInvitation(teams[0]!, "someone-else@example.com");
    expect(
      await countRows("team_memberships", "invited_email = ? AND status = 'pending'", person.email!.toLowerCase()),
    ).toBe(2);

    await deleteAccount(buildTestDeps({ now: Date.now }), person.id);
    expect(await countRows("team_memberships", "lower(invited_email) = lower(?)", person.email)).toBe(0);
    expect(
      await countRows("team_memberships", "invited_email = 'someone-else@example.com' AND status = 'pending'"),
    ).toBe(1);
    for (const team of teams)
      expect((await feedOf(team.id)).find((e) => e.kind === "member_invited")?.subject).toBe(FORMER_MEMBER);
  });

  it("(c) deletes the Stripe customer after cancelling the subscription, each once, every request and answer held to the contract", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const { user, subscriptionId } = await userWithEverything(fake);
    const { customerId } = (await env.DB.prepare(
      "SELECT stripe_customer_id AS customerId FROM subscriptions WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ customerId: string }>())!;
    const billing = createStripeBilling(getConfig({ ...env, ...STRIPE_ENV } as Bindings).billing!);
    await deleteAccount(buildTestDeps({ billing, now: Date.now }), user.id);

    const order = fake.calls.filter((c) => c.method === "DELETE").map((c) => c.path);
    expect(order).toEqual([`/v1/subscriptions/${subscriptionId}`, `/v1/customers/${customerId}`]);
    expect((await call("GET", "/api/user/data-summary", { cookie: user.session })).status).toBe(401);
    // Stripe now knows the customer only as deleted
    expect(
      fake.handle({
        method: "GET",
        path: `/v1/customers/${customerId}`,
        headers: { Authorization: "Bearer sk_test_storyloom" },
      }).body,
    ).toEqual({
      id: customerId,
      object: "customer",
      deleted: true,
    });
  });

  it("(c) deletes the customer of a checkout never paid, and counts a customer Stripe already deleted (404) as done", async () => {
    const fake = new FakeStripe();
    mockStripe(fake);
    const billing = createStripeBilling(getConfig({ ...env, ...STRIPE_ENV } as Bindings).billing!);
    for (const alreadyGone of [false, true]) {
      const user = await createUser();
      const customer = await billing.createCustomer({ userId: user.id, email: user.email }, `customer-${user.id}`);
      await env.DB.prepare(
        "INSERT INTO subscriptions (user_id, tier, status, source, stripe_customer_id, updated_at) VALUES (?, 'free', 'incomplete_expired', 'stripe', ?, ?)",
      )
        .bind(user.id, customer.id, Date.now())
        .run();
      if (alreadyGone) await billing.deleteCustomer(customer.id);
      await deleteAccount(buildTestDeps({ billing, now: Date.now }), user.id);
      expect(await countRows("users", "id = ?", user.id)).toBe(0);
      expect(fake.callsTo("DELETE", `/v1/customers/${customer.id}`).map((c) => c.status)).toEqual(
        alreadyGone ? [200, 404] : [200],
      );
    }
    expect(fake.calls.filter((c) => c.path.startsWith("/v1/subscriptions"))).toEqual([]);
  });

  it("(c) when Stripe cannot delete the customer, keeps the account and says so; a retry deletes it without cancelling again", async () => {
    const user = await createUser();
    const billing = createFakeBilling();
    billing.setSubscription(fakeSubscription({ id: `sub_erase_${user.id}`, customerId: `cus_erase_${user.id}` }));
    await env.DB.prepare(
      "INSERT INTO subscriptions (user_id, tier, status, source, stripe_customer_id, stripe_subscription_id, updated_at) VALUES (?, 'pro', 'active', 'stripe', ?, ?, ?)",
    )
      .bind(user.id, `cus_erase_${user.id}`, `sub_erase_${user.id}`, Date.now())
      .run();
    await env.AUDIO.put(`${audioPrefix(user.id)}kept.mp3`, "ID3");
    const deps = buildTestDeps({ billing, now: Date.now });

    billing.failNextCall({ method: "deleteCustomer" });
    const refused = await deleteAccount(deps, user.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, message: CUSTOMER_NOT_DELETED_MESSAGE });
    // stopped before anything after Stripe: signed in, recordings and rows kept; the cancellation is recorded
    expect(await countRows("users", "id = ?", user.id)).toBe(1);
    expect(await countRows("sessions", "user_id = ?", user.id)).toBeGreaterThan(0);
    expect((await env.AUDIO.list({ prefix: audioPrefix(user.id) })).objects).toHaveLength(1);
    expect(
      await env.DB.prepare("SELECT status, stripe_customer_id AS customer FROM subscriptions WHERE user_id = ?")
        .bind(user.id)
        .first(),
    ).toEqual({
      status: "canceled",
      customer: `cus_erase_${user.id}`,
    });

    await deleteAccount(deps, user.id);
    expect(billing.calls.cancelNow).toBe(1);
    expect(billing.deletedCustomers).toEqual([`cus_erase_${user.id}`]);
    expect(await leftovers(user.id, user.email)).toEqual([]);
  });

  it("(c) refuses, keeping everything, when a customer exists but Stripe is not configured here", async () => {
    const user = await createUser();
    await env.DB.prepare(
      "INSERT INTO subscriptions (user_id, tier, status, source, stripe_customer_id, updated_at) VALUES (?, 'free', 'canceled', 'stripe', ?, ?)",
    )
      .bind(user.id, `cus_unconfigured_${user.id}`, Date.now())
      .run();
    const refused = await deleteAccount(buildTestDeps({ billing: null, now: Date.now }), user.id).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ status: 503, message: CUSTOMER_NOT_DELETED_MESSAGE });
    expect(await countRows("users", "id = ?", user.id)).toBe(1);
  });

  it("(d) clears the account's help-assistant session in its ChatSession Durable Object", async () => {
    const user = await createUser();
    const asked = await call("POST", "/api/chatbot", {
      cookie: user.session,
      body: { message: "How much is the Pro plan?" },
      ip: "100.72.0.1",
    });
    expect(asked.status).toBe(200);
    const session = () => env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(`user:${user.id}`));
    const stored = () => runInDurableObject(session(), async (_, state) => (await state.storage.list()).size);
    expect(await stored()).toBeGreaterThan(0);

    expect((await call("DELETE", "/api/user/delete-account", { cookie: user.session })).status).toBe(200);
    expect(await stored()).toBe(0);
    expect(await runInDurableObject(session(), (_, state) => state.storage.getAlarm())).toBeNull();
  });

  it("(d) keeps the account when the session cannot be cleared, and a retry finishes", async () => {
    const user = await createUser();
    const chatSessions = createFakeChatSessions();
    const deps = buildTestDeps({ chatSessions, now: Date.now });
    await answerQuestion(
      deps,
      {
        user: { id: user.id, username: user.username, email: user.email },
        guestId: null,
        ip: "100.72.0.2",
        userAgent: null,
      },
      { message: "How do I export to JIRA?" },
    );
    expect(chatSessions.sessions.get(`user:${user.id}`)?.messages.length).toBeGreaterThan(0);

    const failing = {
      ...deps,
      chatSessions: { ...chatSessions, clear: () => Promise.reject(new Error("Durable Object unavailable")) },
    };
    await expect(deleteAccount(failing, user.id)).rejects.toThrow("Durable Object unavailable");
    expect(await countRows("users", "id = ?", user.id)).toBe(1);

    await deleteAccount(deps, user.id);
    expect(chatSessions.sessions.has(`user:${user.id}`)).toBe(false);
    expect(await countRows("users", "id = ?", user.id)).toBe(0);
  });
});
