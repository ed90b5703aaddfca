import { describe, expect, it } from "vitest";
import { isIntegrationsKey, isProjectKey, isTranscriptListKey, queryKeys, transcriptListProjectId } from "./query-keys";

describe("query keys", () => {
  it("are the API paths the hooks fetch", () => {
    expect(queryKeys.user).toBe("/api/user");
    expect(queryKeys.project(7)).toBe("/api/projects/7");
    expect(queryKeys.transcript(3)).toBe("/api/transcripts/3");
    expect(queryKeys.activity).toBe("/api/activity");
  });

  it("filter the transcript list by project only when there is one", () => {
    expect(queryKeys.transcripts()).toBe("/api/transcripts");
    expect(queryKeys.transcripts(null)).toBe("/api/transcripts");
    expect(queryKeys.transcripts(4)).toBe("/api/transcripts?projectId=4");
  });

  it("tell a transcript list from one transcript", () => {
    expect(isTranscriptListKey(queryKeys.transcripts())).toBe(true);
    expect(isTranscriptListKey(queryKeys.transcripts(4))).toBe(true);
    expect(isTranscriptListKey(queryKeys.recentTranscripts)).toBe(true);
    expect(isTranscriptListKey(queryKeys.transcript(4))).toBe(false);
    expect(transcriptListProjectId(queryKeys.transcripts(4))).toBe(4);
    expect(transcriptListProjectId(queryKeys.transcripts())).toBeNull();
    expect(transcriptListProjectId(queryKeys.recentTranscripts)).toBeNull();
  });

  it("tell project keys from the others", () => {
    expect(isProjectKey(queryKeys.projects)).toBe(true);
    expect(isProjectKey(queryKeys.project(2))).toBe(true);
    expect(isProjectKey(queryKeys.transcripts(2))).toBe(false);
    expect(isProjectKey("/api/projectsX")).toBe(false);
  });

  it("keep a project's integrations apart from its project keys", () => {
    expect(queryKeys.integrations(2)).toBe("/api/projects/2/integrations");
    expect(isIntegrationsKey(queryKeys.integrations(2))).toBe(true);
    expect(isIntegrationsKey(queryKeys.project(2))).toBe(false);
    // Transcript writes refresh project keys; they must not refetch integrations (a free plan's 403).
    expect(isProjectKey(queryKeys.integrations(2))).toBe(false);
  });
});
