import { describe, expect, it } from "vitest";
import type { ActivityItem, Transcript, TranscriptPage, TranscriptSummary } from "../../schema/api/transcripts";
import { call, json } from "../test/client";
import { addTeamMember, countRows, createProject, createTranscripts, createUser, setTier } from "../test/factories";

describe("GET /api/transcripts", () => {
  const page = async (user: { session: string }, query = "") =>
    json<TranscriptPage>(await call("GET", `/api/transcripts${query}`, { cookie: user.session }));

  it("lists the caller's transcripts newest first, without their text or stories, with the list's size", async () => {
    const user = await createUser();
    const other = await createUser();
    await createTranscripts(other, { count: 2 });
    const ids = await createTranscripts(user, { count: 3 });
    const response = await call("GET", "/api/transcripts", { cookie: user.session });
    expect(response.status).toBe(200);
    const { transcripts: list, nextCursor, total } = await json<TranscriptPage>(response);
    expect(list.map((t) => t.id)).toEqual([...ids].reverse());
    expect(Object.keys(list[0]!).sort()).toEqual([
      "contentLength",
      "createdAt",
      "generating",
      "generationError",
      "hasStories",
      "id",
      "projectId",
      "sentTo",
      "storyCount",
      "title",
    ]);
    expect(list[0]!.sentTo).toEqual([]);
    // The second sample of each three is still "Processing".
    expect(list.map((t) => t.hasStories)).toEqual([true, false, true]);
    expect(list[0]!.storyCount).toBeGreaterThan(0);
    expect({ nextCursor, total }).toEqual({ nextCursor: null, total: 3 });
  });

  it("pages newest first by cursor: every transcript once, none shifted by one created meanwhile", async () => {
    const user = await createUser();
    // Created in the same instant: the id breaks the tie, so a page boundary inside the instant loses nothing.
    const ids = await createTranscripts(user, { count: 7 });
    const first = await page(user, "?limit=3");
    expect(first.transcripts.map((t) => t.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(first.total).toBe(7);
    const [newer] = await createTranscripts(user, { count: 1 });
    const second = await page(user, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.transcripts.map((t) => t.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(second.total).toBe(8);
    const last = await page(user, `?limit=3&cursor=${second.nextCursor}`);
    expect(last.transcripts.map((t) => t.id)).toEqual([ids[0]]);
    expect(last.nextCursor).toBeNull();
    // A new first page starts with it.
    expect((await page(user, "?limit=3")).transcripts[0]!.id).toBe(newer);
  });

  it("sends 50 a page by default, and at most 200", async () => {
    const user = await createUser();
    await createTranscripts(user, { count: 50 });
    await createTranscripts(user, { count: 1 });
    const first = await page(user);
    expect(first.transcripts).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    expect((await page(user, `?cursor=${first.nextCursor}`)).transcripts).toHaveLength(1);
    expect((await page(user, "?limit=200")).transcripts).toHaveLength(51);
  });

  it("answers a malformed cursor or limit with a 400 in words", async () => {
    const user = await createUser();
    for (const query of [
      "?cursor=abc",
      "?cursor=",
      "?cursor=1_0",
      "?cursor=-1_2",
      "?limit=0",
      "?limit=201",
      "?limit=1.5",
      "?limit=",
      "?limit=ten",
    ]) {
      const response = await call("GET", `/api/transcripts${query}`, { cookie: user.session });
      expect(response.status, query).toBe(400);
      expect(await json(response), query).toMatchObject({
        code: "validation_failed",
        error: expect.stringMatching(/^(cursor|limit) must be/),
      });
    }
  });

  it("never shows another user's transcripts, whatever the cursor", async () => {
    const user = await createUser();
    const other = await createUser();
    await createTranscripts(other, { count: 3 });
    const mine = await createTranscripts(user, { count: 1 });
    const list = await page(user, `?cursor=${Date.now() + 86_400_000}_${Number.MAX_SAFE_INTEGER}`);
    expect(list.transcripts.map((t) => t.id)).toEqual(mine);
  });

  it("filters by project, paged and counted, and 404s for another user's project", async () => {
    const user = await createUser();
    const project = await createProject(user);
    const filed = await createTranscripts(user, { count: 3, projectId: project.id });
    await createTranscripts(user, { count: 1 });
    const first = await page(user, `?projectId=${project.id}&limit=2`);
    expect(first.transcripts.map((t) => t.id)).toEqual([filed[2], filed[1]]);
    expect(first.total).toBe(3);
    const rest = await page(user, `?projectId=${project.id}&limit=2&cursor=${first.nextCursor}`);
    expect(rest).toEqual({
      transcripts: [expect.objectContaining({ id: filed[0], projectId: project.id })],
      nextCursor: null,
      total: 3,
    });
    const other = await createUser();
    expect((await call("GET", `/api/transcripts?projectId=${project.id}`, { cookie: other.session })).status).toBe(404);
  });

  it("answers any other spelling of the project filter's id (or an empty one) like a missing project", async () => {
    const user = await createUser();
    const project = await createProject(user);
    await createTranscripts(user, { projectId: project.id });
    const list = (query: string) => call("GET", `/api/transcripts?projectId=${query}`, { cookie: user.session });
    const missing = await json(await list(String(Number.MAX_SAFE_INTEGER)));
    expect(missing).toMatchObject({ code: "not_found", error: "Project not found" });
    const id = String(project.id);
    for (const spelling of [
      `0x${project.id.toString(16)}`,
      `${id}e0`,
      `%2B${id}`,
      `%20${id}`,
      `0${id}`,
      `${id}.0`,
      "",
      `${id}&projectId=${id}`,
    ]) {
      const response = await list(spelling);
      expect(response.status, spelling).toBe(404);
      expect({ ...(await json(response)), requestId: undefined }).toEqual({ ...missing, requestId: undefined });
    }
    expect((await json<TranscriptPage>(await list(id))).transcripts).toHaveLength(1);
  });

  it("needs a session", async () => {
    expect((await call("GET", "/api/transcripts")).status).toBe(401);
  });
});

describe("GET /api/transcripts/{id}", () => {
  it("returns the full text and stories to the owner only", async () => {
    const user = await createUser();
    const [id, processing] = await createTranscripts(user, { count: 2 });
    const full = await json<Transcript>(await call("GET", `/api/transcripts/${id}`, { cookie: user.session }));
    expect(full.content.length).toBeGreaterThan(50);
    expect(full.generatedStories?.epic.title).toBeTruthy();
    expect(full.generatedStories?.userStories[0]?.acceptanceCriteria.length).toBeGreaterThan(0);
    expect(
      (await json<Transcript>(await call("GET", `/api/transcripts/${processing}`, { cookie: user.session })))
        .generatedStories,
    ).toBeNull();
    const other = await createUser();
    expect((await call("GET", `/api/transcripts/${id}`, { cookie: other.session })).status).toBe(404);
  });
});

describe("PATCH /api/transcripts/{id}/project", () => {
  it("assigns to a project and back to none", async () => {
    const user = await createUser();
    const project = await createProject(user);
    const [id] = await createTranscripts(user);
    const assigned = await call("PATCH", `/api/transcripts/${id}/project`, {
      cookie: user.session,
      body: { projectId: project.id },
    });
    expect(assigned.status).toBe(200);
    expect((await json<TranscriptSummary>(assigned)).projectId).toBe(project.id);
    const cleared = await call("PATCH", `/api/transcripts/${id}/project`, {
      cookie: user.session,
      body: { projectId: null },
    });
    expect((await json<TranscriptSummary>(cleared)).projectId).toBeNull();
  });

  it("refuses another user's project (404) and leaves the transcript where it was", async () => {
    const user = await createUser();
    const other = await createUser();
    const theirs = await createProject(other);
    const [id] = await createTranscripts(user);
    const response = await call("PATCH", `/api/transcripts/${id}/project`, {
      cookie: user.session,
      body: { projectId: theirs.id },
    });
    expect(response.status).toBe(404);
    expect(await countRows("transcripts", "id = ? AND project_id IS NULL", id)).toBe(1);
    // Nor may the other user move my transcript into their project.
    const foreign = await call("PATCH", `/api/transcripts/${id}/project`, {
      cookie: other.session,
      body: { projectId: theirs.id },
    });
    expect(foreign.status).toBe(404);
  });

  it("validates the body", async () => {
    const user = await createUser();
    const [id] = await createTranscripts(user);
    for (const body of [{}, { projectId: "1" }, { projectId: -3 }]) {
      expect((await call("PATCH", `/api/transcripts/${id}/project`, { cookie: user.session, body })).status).toBe(400);
    }
  });

  it("racing the project's deletion answers 200 or 404, never a 5xx, and leaves the data consistent", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const races = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => ({
        project: await createProject(user, { name: `Doomed ${i}` }),
        transcript: (await createTranscripts(user))[0]!,
      })),
    );
    // Half the deletions start with their move (they win: the move finds the project gone between its check and
    // its write), half a timer tick or a few milliseconds later (the move lands first).
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const answers = await Promise.all(
      races.map(({ project, transcript }, i) => {
        const deletion = () => call("DELETE", `/api/projects/${project.id}`, { cookie: user.session });
        return Promise.all([
          call("PATCH", `/api/transcripts/${transcript}/project`, {
            cookie: user.session,
            body: { projectId: project.id },
          }),
          i % 2 === 0 ? deletion() : later(i % 10).then(deletion),
        ]);
      }),
    );
    const moves = answers.map(([move]) => move.status);
    expect(new Set(moves)).toEqual(new Set(moves.filter((status) => status === 200 || status === 404)));
    expect(answers.map(([, deletion]) => deletion.status)).toEqual(races.map(() => 200));
    for (const [move] of answers) {
      if (move.status === 404) expect((await json(move)).error).toBe("Project not found");
    }
    // A move that happened went with its project; one that did not left its transcript where it was, and the feed
    // records exactly the moves that happened.
    const moved = moves.filter((status) => status === 200).length;
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(0);
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(races.length - moved);
    expect(await countRows("transcripts", "owner_id = ? AND project_id IS NOT NULL", user.id)).toBe(0);
    expect(await countRows("activity_events", "owner_id = ? AND kind = 'transcript_moved'", user.id)).toBe(moved);
  }, 30_000);
});

describe("DELETE /api/transcript/{id}", () => {
  it("deletes for the owner; 404 for another user and for a second delete", async () => {
    const user = await createUser();
    const other = await createUser();
    const [id] = await createTranscripts(user);
    expect((await call("DELETE", `/api/transcript/${id}`, { cookie: other.session })).status).toBe(404);
    expect((await call("DELETE", `/api/transcript/${id}`, { cookie: user.session })).status).toBe(200);
    expect((await call("DELETE", `/api/transcript/${id}`, { cookie: user.session })).status).toBe(404);
    expect(await countRows("transcripts", "id = ?", id)).toBe(0);
  });
});

describe("GET /api/activity", () => {
  it("records project and transcript events, newest first, for the owner only", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const project = await createProject(user, { name: "Feed" });
    const [id] = await createTranscripts(user);
    await call("PATCH", `/api/transcripts/${id}/project`, { cookie: user.session, body: { projectId: project.id } });
    await call("DELETE", `/api/transcript/${id}`, { cookie: user.session });
    const feed = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: user.session }));
    expect(feed.map((a) => a.kind)).toEqual([
      "transcript_deleted",
      "transcript_moved",
      "transcript_created",
      "project_created",
    ]);
    expect(feed[1]).toMatchObject({ projectName: "Feed", projectId: project.id, transcriptId: id });
    expect(feed[3]).toMatchObject({ subject: "Feed" });
    const other = await createUser();
    expect(await json(await call("GET", "/api/activity", { cookie: other.session }))).toEqual([]);
  });

  it("a member also sees the shared projects' events, never the owner's private transcripts or team events; other teams see nothing", async () => {
    const owner = await createUser();
    await setTier(owner, "pro");
    const project = await createProject(owner, { name: "Shared feed" });
    await createTranscripts(owner, { projectId: project.id });
    await createTranscripts(owner); // outside any project: the owner's own
    const member = await createUser();
    await addTeamMember(owner, member);
    const [mine] = await createTranscripts(member);

    const feed = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: member.session }));
    expect(feed.map((a) => a.kind).sort()).toEqual(["project_created", "transcript_created", "transcript_created"]);
    expect(
      feed
        .filter((a) => a.projectId === project.id)
        .map((a) => a.kind)
        .sort(),
    ).toEqual(["project_created", "transcript_created"]);
    expect(feed.some((a) => a.transcriptId === mine)).toBe(true);
    expect(feed.some((a) => a.kind.startsWith("member_") || a.kind.startsWith("invitation_"))).toBe(false);

    // the owner and the admin of another team, and a stranger, see none of the owner's events
    const otherOwner = await createUser();
    await setTier(otherOwner, "pro");
    const otherAdmin = await createUser();
    await addTeamMember(otherOwner, otherAdmin, "admin");
    for (const outsider of [otherOwner, otherAdmin, await createUser()]) {
      const theirs = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: outsider.session }));
      expect(theirs.some((a) => a.projectId === project.id || a.subject === "Shared feed")).toBe(false);
    }
    // a member who left sees them no more
    expect((await call("DELETE", `/api/team/memberships/${owner.id}`, { cookie: member.session })).ok).toBe(true);
    const after = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: member.session }));
    expect(after.map((a) => a.transcriptId)).toEqual([mine]);
  });

  it("a project refused by the plan limit leaves no activity behind", async () => {
    const user = await createUser();
    await createProject(user);
    await call("POST", "/api/projects", { cookie: user.session, body: { name: "Refused" } });
    const feed = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: user.session }));
    expect(feed.filter((a) => a.kind === "project_created")).toHaveLength(1);
  });
});
