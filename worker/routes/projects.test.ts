import { describe, expect, it } from "vitest";
import type { Project } from "../../schema/api/projects";
import { call, json } from "../test/client";
import { countRows, createProject, createTranscripts, createUser, setTier } from "../test/factories";

describe("POST /api/projects", () => {
  it("creates a project with trimmed fields and the default colour", async () => {
    const user = await createUser();
    const response = await call("POST", "/api/projects", {
      cookie: user.session,
      body: { name: "  Alpha  ", description: " First " },
    });
    expect(response.status).toBe(201);
    const project = await json<Project>(response);
    expect(project).toMatchObject({ name: "Alpha", description: "First", color: "#3B82F6", transcriptCount: 0 });
    expect(Date.parse(project.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("accepts palette colours in any case and refuses others", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    expect((await createProject(user, { color: "#ef4444" })).color).toBe("#EF4444");
    const bad = await call("POST", "/api/projects", { cookie: user.session, body: { name: "X", color: "#123456" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toBe("Pick a colour from the palette.");
  });

  it("requires a name", async () => {
    const user = await createUser();
    for (const body of [{ name: "   " }, {}, { name: 42 }]) {
      const response = await call("POST", "/api/projects", { cookie: user.session, body });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ success: false, code: "validation_failed" });
    }
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(0);
  });

  it("refuses a second project on the free plan with 'Project limit reached'", async () => {
    const user = await createUser();
    await createProject(user, { name: "One" });
    const response = await call("POST", "/api/projects", { cookie: user.session, body: { name: "Two" } });
    expect(response.status).toBe(403);
    const body = await json(response);
    expect(body.error).toContain("Project limit reached");
    expect(body.code).toBe("plan_limit");
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(1);
  });

  it("holds the limit under concurrent creates", async () => {
    const user = await createUser();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call("POST", "/api/projects", { cookie: user.session, body: { name: `P${i}` } }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(1);
  });

  it("has no project limit on Pro", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    for (let i = 0; i < 3; i++) await createProject(user, { name: `P${i}` });
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(3);
  });
});

describe("GET /api/projects", () => {
  it("lists only the caller's projects, by name, with counts and activity", async () => {
    const user = await createUser();
    const other = await createUser();
    await setTier(user, "pro");
    const beta = await createProject(user, { name: "beta" });
    await createProject(user, { name: "Alpha" });
    await createProject(other, { name: "Not mine" });
    await createTranscripts(user, { count: 2, projectId: beta.id });
    const list = await json<Project[]>(await call("GET", "/api/projects", { cookie: user.session }));
    expect(list.map((p) => p.name)).toEqual(["Alpha", "beta"]);
    expect(list[1]!.transcriptCount).toBe(2);
    expect(Date.parse(list[1]!.lastActivityAt)).toBeGreaterThanOrEqual(Date.parse(list[1]!.createdAt) - 180_000);
  });

  it("an empty list for a new user", async () => {
    const user = await createUser();
    expect(await json(await call("GET", "/api/projects", { cookie: user.session }))).toEqual([]);
  });
});

describe("GET/PUT/DELETE /api/projects/{id}", () => {
  it("reads, updates and answers 404 to another user exactly like a missing id", async () => {
    const owner = await createUser();
    const other = await createUser();
    const project = await createProject(owner, { name: "Mine" });
    expect((await json(await call("GET", `/api/projects/${project.id}`, { cookie: owner.session }))).name).toBe("Mine");

    const theirs = await call("GET", `/api/projects/${project.id}`, { cookie: other.session });
    const missing = await call("GET", "/api/projects/999999", { cookie: other.session });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(await json(theirs))).toEqual(strip(await json(missing)));

    const put = await call("PUT", `/api/projects/${project.id}`, {
      cookie: owner.session,
      body: { name: "Renamed", description: "New words", color: "#10B981" },
    });
    expect(await json(put)).toMatchObject({ name: "Renamed", description: "New words", color: "#10B981" });
    const foreignPut = await call("PUT", `/api/projects/${project.id}`, {
      cookie: other.session,
      body: { name: "Hijack" },
    });
    expect(foreignPut.status).toBe(404);
    expect((await json(await call("GET", `/api/projects/${project.id}`, { cookie: owner.session }))).name).toBe(
      "Renamed",
    );
  });

  it("validates ids (anything but a positive integer is a missing project) and bodies", async () => {
    const user = await createUser();
    const project = await createProject(user);
    expect((await call("GET", "/api/projects/abc", { cookie: user.session })).status).toBe(404);
    expect((await call("GET", "/api/projects/0", { cookie: user.session })).status).toBe(404);
    expect(
      (await call("PUT", `/api/projects/${project.id}`, { cookie: user.session, body: { name: "" } })).status,
    ).toBe(400);
  });

  it("deletes the project and its transcripts together, and frees the free-plan slot", async () => {
    const user = await createUser();
    const project = await createProject(user, { name: "Doomed" });
    await createTranscripts(user, { count: 3, projectId: project.id });
    const [loose] = await createTranscripts(user, { count: 1, projectId: null });
    const other = await createUser();
    expect((await call("DELETE", `/api/projects/${project.id}`, { cookie: other.session })).status).toBe(404);
    expect(await countRows("transcripts", "project_id = ?", project.id)).toBe(3);

    const response = await call("DELETE", `/api/projects/${project.id}`, { cookie: user.session });
    expect(response.status).toBe(200);
    expect(await countRows("projects", "id = ?", project.id)).toBe(0);
    expect(await countRows("transcripts", "project_id = ?", project.id)).toBe(0);
    expect(await countRows("transcripts", "id = ?", loose)).toBe(1);
    expect((await call("GET", `/api/projects/${project.id}`, { cookie: user.session })).status).toBe(404);
    await createProject(user, { name: "Replacement" });
  });
});
