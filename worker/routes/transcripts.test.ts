import { describe, expect, it } from "vitest";
import type { ActivityItem, Transcript, TranscriptSummary } from "../../schema/api/transcripts";
import { call, json } from "../test/client";
import { countRows, createProject, createTranscripts, createUser, setTier } from "../test/factories";

describe("GET /api/transcripts", () => {
  it("lists the caller's transcripts newest first, without their text or stories", async () => {
    const user = await createUser();
    const other = await createUser();
    await createTranscripts(other, { count: 2 });
    const ids = await createTranscripts(user, { count: 3 });
    const response = await call("GET", "/api/transcripts", { cookie: user.session });
    expect(response.status).toBe(200);
    const list = await json<TranscriptSummary[]>(response);
    expect(list.map((t) => t.id)).toEqual([...ids].reverse());
    expect(Object.keys(list[0]!).sort()).toEqual(["contentLength", "createdAt", "generationError", "hasStories", "id", "projectId", "storyCount", "title"]);
    // The second sample of each three is still "Processing".
    expect(list.map((t) => t.hasStories)).toEqual([true, false, true]);
    expect(list[0]!.storyCount).toBeGreaterThan(0);
  });

  it("filters by project, and 404s for another user's project", async () => {
    const user = await createUser();
    const project = await createProject(user);
    await createTranscripts(user, { count: 2, projectId: project.id });
    await createTranscripts(user, { count: 1 });
    const list = await json<TranscriptSummary[]>(await call("GET", `/api/transcripts?projectId=${project.id}`, { cookie: user.session }));
    expect(list).toHaveLength(2);
    expect(list.every((t) => t.projectId === project.id)).toBe(true);
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
    for (const spelling of [`0x${project.id.toString(16)}`, `${id}e0`, `%2B${id}`, `%20${id}`, `0${id}`, `${id}.0`, "", `${id}&projectId=${id}`]) {
      const response = await list(spelling);
      expect(response.status, spelling).toBe(404);
      expect({ ...(await json(response)), requestId: undefined }).toEqual({ ...missing, requestId: undefined });
    }
    expect(await json<TranscriptSummary[]>(await list(id))).toHaveLength(1);
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
    expect((await json<Transcript>(await call("GET", `/api/transcripts/${processing}`, { cookie: user.session }))).generatedStories).toBeNull();
    const other = await createUser();
    expect((await call("GET", `/api/transcripts/${id}`, { cookie: other.session })).status).toBe(404);
  });
});

describe("PATCH /api/transcripts/{id}/project", () => {
  it("assigns to a project and back to none", async () => {
    const user = await createUser();
    const project = await createProject(user);
    const [id] = await createTranscripts(user);
    const assigned = await call("PATCH", `/api/transcripts/${id}/project`, { cookie: user.session, body: { projectId: project.id } });
    expect(assigned.status).toBe(200);
    expect((await json<TranscriptSummary>(assigned)).projectId).toBe(project.id);
    const cleared = await call("PATCH", `/api/transcripts/${id}/project`, { cookie: user.session, body: { projectId: null } });
    expect((await json<TranscriptSummary>(cleared)).projectId).toBeNull();
  });

  it("refuses another user's project (404) and leaves the transcript where it was", async () => {
    const user = await createUser();
    const other = await createUser();
    const theirs = await createProject(other);
    const [id] = await createTranscripts(user);
    const response = await call("PATCH", `/api/transcripts/${id}/project`, { cookie: user.session, body: { projectId: theirs.id } });
    expect(response.status).toBe(404);
    expect(await countRows("transcripts", "id = ? AND project_id IS NULL", id)).toBe(1);
    // Nor may the other user move my transcript into their project.
    const foreign = await call("PATCH", `/api/transcripts/${id}/project`, { cookie: other.session, body: { projectId: theirs.id } });
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
          call("PATCH", `/api/transcripts/${transcript}/project`, { cookie: user.session, body: { projectId: project.id } }),
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
    expect(feed.map((a) => a.kind)).toEqual(["transcript_deleted", "transcript_moved", "transcript_created", "project_created"]);
    expect(feed[1]).toMatchObject({ projectName: "Feed", projectId: project.id, transcriptId: id });
    expect(feed[3]).toMatchObject({ subject: "Feed" });
    const other = await createUser();
    expect(await json(await call("GET", "/api/activity", { cookie: other.session }))).toEqual([]);
  });

  it("a project refused by the plan limit leaves no activity behind", async () => {
    const user = await createUser();
    await createProject(user);
    await call("POST", "/api/projects", { cookie: user.session, body: { name: "Refused" } });
    const feed = await json<ActivityItem[]>(await call("GET", "/api/activity", { cookie: user.session }));
    expect(feed.filter((a) => a.kind === "project_created")).toHaveLength(1);
  });
});
