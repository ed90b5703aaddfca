import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { buildTestDeps } from "../../test/deps";
import { unique } from "../../test/client";
import { requireIntegration } from "../integrations";
import { listProjects } from "../projects";
import { listTranscripts } from "../transcripts";
import { accessProject, accessTranscript, requireDeletableTranscript, requireManagedProject } from "./index";

/**
 * Issue 26, as a property: over random accounts, teams and memberships (active, pending, removed, expired) and every
 * actor × resource pair of every kind (project, filed transcript, unfiled transcript, integration), access is granted
 * exactly when the resource's owner is the actor or runs a team the actor is an active member of, with that role's
 * rights; everyone else gets the same 404 as a missing id. Lists show exactly what the single reads open.
 *
 * Rows are written with plain SQL (not the services) so that any shape of world can be drawn, invitations to the
 * actor's own address and memberships in several teams included.
 */

type Status = "active" | "pending" | "removed" | "expired";
type Role = "admin" | "member";
interface MembershipSpec {
  owner: number;
  member: number;
  status: Status;
  role: Role;
}
interface World {
  accounts: number;
  memberships: MembershipSpec[];
  /** Per account: how many projects; per project: filed transcripts, each made by some account. */
  projects: Array<{ owner: number; transcriptsBy: number[]; integration: boolean }>;
  unfiled: Array<{ owner: number }>;
}

const MAX_ACCOUNTS = 5;
/**
 * Worlds drawn per run (fixed seed). Every world is checked for every actor against every resource: 30 worlds are
 * 1,708 access checks, and the count is what makes every case occur (the test fails if one does not): each relation
 * of actor to owner (the owner, an active admin or member of the owner's team, a pending, expired or removed
 * invitation, a stranger) against each kind of resource (project, integration, a filed transcript the actor made or
 * someone else made, an unfiled transcript), 35 cases. With this seed 10 worlds reach 31 of them and 20 reach 34;
 * 30 take 5-7 s on 2 cores.
 */
const WORLDS = 30;
const account = fc.nat({ max: MAX_ACCOUNTS - 1 });
const world: fc.Arbitrary<World> = fc
  .record({
    accounts: fc.integer({ min: 2, max: MAX_ACCOUNTS }),
    memberships: fc.array(
      fc.record({
        owner: account,
        member: account,
        status: fc.constantFrom<Status>("active", "pending", "removed", "expired"),
        role: fc.constantFrom<Role>("admin", "member"),
      }),
      { maxLength: 8 },
    ),
    projects: fc.array(
      fc.record({ owner: account, transcriptsBy: fc.array(account, { maxLength: 2 }), integration: fc.boolean() }),
      { minLength: 1, maxLength: 5 },
    ),
    unfiled: fc.array(fc.record({ owner: account }), { maxLength: 3 }),
  })
  .map((w) => {
    const inRange = (n: number) => n % w.accounts;
    // one row per (owner, member) pair, as the unique index keeps it; nobody is a member of their own team
    const seen = new Set<string>();
    const memberships = w.memberships
      .map((m) => ({ ...m, owner: inRange(m.owner), member: inRange(m.member) }))
      .filter((m) => m.owner !== m.member && !seen.has(`${m.owner}:${m.member}`) && seen.add(`${m.owner}:${m.member}`));
    return {
      accounts: w.accounts,
      memberships,
      projects: w.projects.map((p) => ({ ...p, owner: inRange(p.owner), transcriptsBy: p.transcriptsBy.map(inRange) })),
      unfiled: w.unfiled.map((u) => ({ owner: inRange(u.owner) })),
    };
  });

const DAY = 24 * 60 * 60 * 1000;
let refs = 0;

/** Writes the world; returns the ids of what it made. */
async function build(w: World) {
  const now = Date.now();
  const users: Array<{ id: number; email: string }> = [];
  for (let i = 0; i < w.accounts; i++) {
    const email = `${unique("prop")}@example.com`.toLowerCase();
    const row = await env.DB.prepare(
      "INSERT INTO users (username, email, email_verified) VALUES (?, ?, 1) RETURNING id",
    )
      .bind(unique("prop"), email)
      .first<{ id: number }>();
    users.push({ id: row!.id, email });
  }
  for (const m of w.memberships) {
    const owner = users[m.owner]!;
    const member = users[m.member]!;
    const ref = `prop-${Date.now()}-${refs++}`;
    if (m.status === "removed") continue; // removal deletes the row (services/teams removeMember)
    const accepted = m.status === "active";
    // a pending or expired invitation is addressed to the member's own email: it still opens nothing
    await env.DB.prepare(
      "INSERT INTO team_memberships (owner_id, member_id, invited_email, role, status, invite_ref, token_hash, expires_at, accepted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(
        owner.id,
        accepted ? member.id : null,
        member.email,
        m.role,
        accepted ? "active" : "pending",
        ref,
        accepted ? null : `${ref}-hash`,
        m.status === "expired" ? now - DAY : now + 7 * DAY,
        accepted ? now : null,
      )
      .run();
  }
  const projects: Array<{
    id: number;
    owner: number;
    integrationId: number | null;
    transcripts: Array<{ id: number; by: number }>;
  }> = [];
  for (const p of w.projects) {
    const ownerId = users[p.owner]!.id;
    const project = await env.DB.prepare("INSERT INTO projects (owner_id, name) VALUES (?, ?) RETURNING id")
      .bind(ownerId, unique("p"))
      .first<{ id: number }>();
    const transcripts = [];
    for (const by of p.transcriptsBy) {
      const t = await env.DB.prepare(
        "INSERT INTO transcripts (owner_id, project_id, created_by, title, content, created_at, updated_at) VALUES (?, ?, ?, 't', 'c', ?, ?) RETURNING id",
      )
        .bind(ownerId, project!.id, users[by]!.id, now, now)
        .first<{ id: number }>();
      transcripts.push({ id: t!.id, by });
    }
    let integrationId: number | null = null;
    if (p.integration) {
      const i = await env.DB.prepare(
        "INSERT INTO integrations (project_id, owner_id, type, name, settings, secret_sealed, secret_ref, secret_mask) VALUES (?, ?, 'jira', 'J', '{}', 'x', ?, '••••') RETURNING id",
      )
        .bind(project!.id, ownerId, unique("ref"))
        .first<{ id: number }>();
      integrationId = i!.id;
    }
    projects.push({ id: project!.id, owner: p.owner, integrationId, transcripts });
  }
  const unfiled: Array<{ id: number; owner: number }> = [];
  for (const u of w.unfiled) {
    const ownerId = users[u.owner]!.id;
    const t = await env.DB.prepare(
      "INSERT INTO transcripts (owner_id, project_id, created_by, title, content, created_at, updated_at) VALUES (?, NULL, ?, 't', 'c', ?, ?) RETURNING id",
    )
      .bind(ownerId, ownerId, now, now)
      .first<{ id: number }>();
    unfiled.push({ id: t!.id, owner: u.owner });
  }
  return { users, projects, unfiled };
}

/** The model: the actor's position in the owner's workspace, or null for no access. */
function positionIn(w: World, actor: number, owner: number): "owner" | Role | null {
  if (actor === owner) return "owner";
  const m = w.memberships.find((x) => x.owner === owner && x.member === actor && x.status === "active");
  return m ? m.role : null;
}

/** How the actor stands to the resource's owner, for the coverage count. */
function relationTo(w: World, actor: number, owner: number): string {
  if (actor === owner) return "owner";
  const m = w.memberships.find((x) => x.owner === owner && x.member === actor);
  if (!m) return "stranger";
  return m.status === "active" ? `active ${m.role}` : m.status;
}
const RELATIONS = ["owner", "active admin", "active member", "pending", "expired", "removed", "stranger"];
const KINDS = ["project", "integration", "filed transcript (own)", "filed transcript (other's)", "unfiled transcript"];

/** What the service answered: "ok", or the refusal's HTTP status. */
async function outcome(work: Promise<unknown>): Promise<"ok" | number> {
  try {
    await work;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe("access, as a property over random teams", () => {
  it("opens a resource exactly to its owner and the active members of the owner's team, with the role's rights", async () => {
    const deps = buildTestDeps({ now: Date.now });
    const covered = new Set<string>();
    let checks = 0;
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const built = await build(w);
        const mismatches: string[] = [];
        const check = (what: string, got: "ok" | number, want: "ok" | number) => {
          checks++;
          if (got !== want) mismatches.push(`${what}: expected ${want}, got ${got}`);
        };
        const cover = (kind: string, actor: number, owner: number) =>
          covered.add(`${kind} × ${relationTo(w, actor, owner)}`);
        for (let actor = 0; actor < w.accounts; actor++) {
          const userId = built.users[actor]!.id;
          const visibleProjects = new Set<number>();
          const visibleTranscripts = new Set<number>();
          for (const p of built.projects) {
            const position = positionIn(w, actor, p.owner);
            const work = position ? "ok" : 404;
            const manage = position === null ? 404 : position === "member" ? 403 : "ok";
            if (position) visibleProjects.add(p.id);
            cover("project", actor, p.owner);
            check(`actor ${actor} reads project of ${p.owner}`, await outcome(accessProject(deps, userId, p.id)), work);
            check(
              `actor ${actor} manages project of ${p.owner}`,
              await outcome(requireManagedProject(deps, userId, p.id)),
              manage,
            );
            if (p.integrationId !== null) {
              cover("integration", actor, p.owner);
              check(
                `actor ${actor} uses integration of ${p.owner}`,
                await outcome(requireIntegration(deps, userId, p.integrationId, "work")),
                work,
              );
              check(
                `actor ${actor} manages integration of ${p.owner}`,
                await outcome(requireIntegration(deps, userId, p.integrationId, "manage")),
                manage,
              );
            }
            for (const t of p.transcripts) {
              if (position) visibleTranscripts.add(t.id);
              cover(t.by === actor ? "filed transcript (own)" : "filed transcript (other's)", actor, p.owner);
              check(
                `actor ${actor} reads filed transcript of ${p.owner}`,
                await outcome(accessTranscript(deps, userId, t.id)),
                work,
              );
              const deletes = position === null ? 404 : position === "member" && t.by !== actor ? 403 : "ok";
              check(
                `actor ${actor} deletes filed transcript of ${p.owner} made by ${t.by}`,
                await outcome(requireDeletableTranscript(deps, userId, t.id)),
                deletes,
              );
            }
          }
          for (const t of built.unfiled) {
            // outside any project a transcript is its owner's alone, whatever the teams
            const own = t.owner === actor;
            if (own) visibleTranscripts.add(t.id);
            cover("unfiled transcript", actor, t.owner);
            check(
              `actor ${actor} reads unfiled transcript of ${t.owner}`,
              await outcome(accessTranscript(deps, userId, t.id)),
              own ? "ok" : 404,
            );
          }
          // the lists show exactly what the reads open
          const listed = new Set((await listProjects(deps, userId)).map((p) => p.id));
          expect([...listed].sort()).toEqual([...visibleProjects].sort());
          const page = await listTranscripts(deps, userId, { limit: 200 });
          expect(page.transcripts.map((t) => t.id).sort()).toEqual([...visibleTranscripts].sort());
        }
        expect(mismatches).toEqual([]);
      }),
      { seed: 26, numRuns: WORLDS },
    );
    // every case occurred in some world (an owner's own file made by someone else included)
    const cases = KINDS.flatMap((kind) => RELATIONS.map((relation) => `${kind} × ${relation}`));
    console.log(`access property: ${WORLDS} worlds, ${checks} checks, ${covered.size} of ${cases.length} cases`);
    expect(cases.filter((c) => !covered.has(c))).toEqual([]);
  }, 120_000);
});
