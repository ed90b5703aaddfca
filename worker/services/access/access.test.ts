import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTestDeps } from "../../test/deps";
import { addTeamMember, createProject, createTranscripts, createUser, setTier } from "../../test/factories";
import { accessProject, accessTranscript } from "./index";

/** The `team_access` lines written while `work` runs. */
async function teamAccessLines(work: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    await work();
    return log.mock.calls
      .map((c) => JSON.parse(String(c[0])) as Record<string, unknown>)
      .filter((l) => l.event === "team_access");
  } finally {
    log.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

// docs/decisions/2026-11-27-tenancy-fix-issue-26.md: an operator audits access granted through teams from these lines (ids only, no names or emails).
describe("the team access log", () => {
  it("writes one line per access through a membership, with ids only, and none for the owner's own", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const member = await createUser();
    await addTeamMember(owner, member, "admin");
    const project = await createProject(owner);
    const [transcriptId] = await createTranscripts(owner, { projectId: project.id });
    const deps = buildTestDeps();

    expect(await teamAccessLines(() => accessProject(deps, owner.id, project.id))).toEqual([]);
    const lines = await teamAccessLines(async () => {
      await accessProject(deps, member.id, project.id);
      await accessTranscript(deps, member.id, transcriptId!);
    });
    expect(lines.map(({ time: _time, ...rest }) => rest)).toEqual([
      {
        level: "info",
        event: "team_access",
        userId: member.id,
        ownerId: owner.id,
        kind: "project",
        id: project.id,
        role: "admin",
      },
      {
        level: "info",
        event: "team_access",
        userId: member.id,
        ownerId: owner.id,
        kind: "transcript",
        id: transcriptId,
        role: "admin",
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain("@");
  });
});
