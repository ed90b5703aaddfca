import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { buildTestDeps } from "../../test/deps";
import { countRows, createTranscripts, createUser, setTier } from "../../test/factories";
import { listActivity } from "../transcripts";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "./index";

// The projects service called directly: plan limits, access and the activity feed, without HTTP.

describe("projects (service)", () => {
  it("allows one project on the free plan and refuses the second with the plan's message, leaving no trace", async () => {
    const user = await createUser();
    const deps = buildTestDeps();
    const first = await createProject(deps, user.id, { name: "  Billing  " });
    expect(first).toMatchObject({ name: "Billing", description: "", color: "#3B82F6", transcriptCount: 0 });

    const refused = await createProject(deps, user.id, { name: "Second" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(403);
    expect((refused as AppError).message).toMatch(/^Project limit reached: the free plan allows 1 project\./);
    expect((await listProjects(deps, user.id)).map((p) => p.name)).toEqual(["Billing"]);
    expect((await listActivity(deps, user.id)).map((e) => e.kind)).toEqual(["project_created"]);
  });

  it("lets exactly one of many simultaneous creations through on the free plan", async () => {
    const user = await createUser();
    const deps = buildTestDeps();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => createProject(deps, user.id, { name: `P${i}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await countRows("projects", "owner_id = ?", user.id)).toBe(1);
    expect(await countRows("activity_events", "owner_id = ? AND kind = 'project_created'", user.id)).toBe(1);
  });

  it("has no project limit on Pro", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const deps = buildTestDeps();
    for (const name of ["A", "B", "C"]) await createProject(deps, user.id, { name });
    expect(await listProjects(deps, user.id)).toHaveLength(3);
  });

  it("answers another user's project exactly like a missing one (404) for read, update and delete", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const deps = buildTestDeps();
    const project = await createProject(deps, owner.id, { name: "Private" });
    for (const attempt of [
      getProject(deps, other.id, project.id),
      updateProject(deps, other.id, project.id, { name: "Taken" }),
      deleteProject(deps, other.id, project.id),
      getProject(deps, owner.id, 987_654_321),
    ]) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe("Project not found");
    }
    expect((await getProject(deps, owner.id, project.id)).name).toBe("Private");
  });

  it("renames with an event, and deletes the project with its transcripts and an event, all at once", async () => {
    const user = await createUser();
    const deps = buildTestDeps();
    const project = await createProject(deps, user.id, { name: "Old" });
    await createTranscripts(user, { count: 2, projectId: project.id });
    expect((await updateProject(deps, user.id, project.id, { name: "New", color: "#ef4444" })).color).toBe("#EF4444");
    await deleteProject(deps, user.id, project.id);
    expect(await countRows("transcripts", "owner_id = ?", user.id)).toBe(0);
    const projectEvents = (await listActivity(deps, user.id)).filter((e) => e.kind.startsWith("project_"));
    expect(projectEvents).toMatchObject([
      { kind: "project_deleted", subject: "New", projectId: null },
      { kind: "project_updated", subject: "New", projectId: project.id },
      { kind: "project_created", subject: "Old", projectId: project.id },
    ]);
  });
});
