import { Hono } from "hono";
import * as z from "zod";
import { acknowledgedSchema } from "../../schema/api/envelope";
import {
  assignProjectSchema,
  generateResponseSchema,
  saveStoriesSchema,
  transcriptPageQuerySchema,
  transcriptPageSchema,
  transcriptSchema,
  transcriptSummarySchema,
} from "../../schema/api/transcripts";
import {
  generationCancelledSchema,
  generationPendingSchema,
  generationStatusSchema,
} from "../../schema/api/generation";
import type { AppEnv } from "../env";
import { documented, signedInOrToken } from "../lib/openapi";
import { preferredWaitMs } from "../lib/prefer";
import { canonicalId, idParam, validate, validateIds } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { cancelGeneration, generationStatus, isPending, regenerateStories } from "../services/generation";
import {
  assignTranscriptProject,
  deleteTranscript,
  getTranscript,
  listTranscripts,
  restorePreviousStories,
  saveStoryEdits,
} from "../services/transcripts";

const transcriptIdParam = idParam("Transcript");
// The list's project filter is an id in the URL too: a non-canonical one is a missing project (404). The paging
// parameters are checked after it (400 in words); that second validator's output, the whole query, is what the
// handler reads.
const listProjectFilter = z.object({ projectId: canonicalId.optional() });
const listQuery = [
  validateIds("query", listProjectFilter, "Project"),
  validate("query", listProjectFilter.extend(transcriptPageQuerySchema.shape)),
] as const;

/** Mounted at /api/transcripts: the list, and everything under /api/transcripts/:id/…. */
export const transcriptRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/",
    documented(
      "Transcripts",
      "List the transcripts the user may see, newest first, a page at a time (all, or one project's)",
      { body: transcriptPageSchema },
      signedInOrToken("read"),
    ),
    ...listQuery,
    async (c) => c.json(await listTranscripts(c.var.deps, currentUser(c).id, c.req.valid("query"))),
  )
  .get(
    "/:id",
    documented(
      "Transcripts",
      "Read a transcript: its text, its stories and their quality report",
      { body: transcriptSchema },
      signedInOrToken("read"),
    ),
    transcriptIdParam,
    async (c) => c.json(await getTranscript(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .patch(
    "/:id/project",
    documented(
      "Transcripts",
      "File a transcript under a project, or take it out of its project",
      { body: transcriptSummarySchema },
      signedInOrToken("write"),
    ),
    transcriptIdParam,
    validate("json", assignProjectSchema),
    async (c) =>
      c.json(
        await assignTranscriptProject(
          c.var.deps,
          currentUser(c).id,
          c.req.valid("param").id,
          c.req.valid("json").projectId,
        ),
      ),
  )
  // The body names the version it edited; a stale one is a 409 carrying the current stories.
  .put(
    "/:id/stories",
    documented(
      "Transcripts",
      "Save edited stories, if they are still the version that was edited (409 with the saved ones otherwise)",
      { body: transcriptSchema },
      signedInOrToken("write"),
    ),
    transcriptIdParam,
    validate("json", saveStoriesSchema),
    async (c) =>
      c.json(await saveStoryEdits(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json"))),
  )
  // Swaps in the edited stories a regeneration replaced (409 when there are none).
  .post(
    "/:id/stories/restore",
    documented(
      "Transcripts",
      "Bring back the edited stories a regeneration replaced",
      { body: transcriptSchema },
      signedInOrToken("write"),
    ),
    transcriptIdParam,
    async (c) => c.json(await restorePreviousStories(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  // The history card's Try Again, and regeneration: the same pipeline as POST /api/generate.
  .post(
    "/:id/generate",
    documented(
      "Transcripts",
      "Generate a saved transcript's epic and stories again",
      { body: generateResponseSchema, accepted: generationPendingSchema },
      signedInOrToken("generate"),
    ),
    transcriptIdParam,
    async (c) => {
      const outcome = await regenerateStories(c.var.deps, currentUser(c).id, c.req.valid("param").id, {
        waitMs: preferredWaitMs(c.req.header("Prefer")),
      });
      return isPending(outcome) ? c.json(outcome, 202) : c.json(outcome);
    },
  )
  // A durable generation's progress, and stopping it (history's Processing card).
  .get(
    "/:id/generation",
    documented(
      "Transcripts",
      "How the transcript's generation stands: running (parts read of how many), done, failed (and why)",
      { body: generationStatusSchema },
      signedInOrToken("read"),
    ),
    transcriptIdParam,
    async (c) => c.json(await generationStatus(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  )
  .delete(
    "/:id/generation",
    documented(
      "Transcripts",
      "Cancel the transcript's running generation (it stays counted once the model has started on it; Try Again starts a new one)",
      { body: generationCancelledSchema },
      {
        ...signedInOrToken("generate"),
        description:
          "The person who started the run, the workspace's owner and the owner's team admins may cancel it; another team member gets 403. A run cancelled before the model started on it is given back.",
      },
    ),
    transcriptIdParam,
    async (c) => c.json(await cancelGeneration(c.var.deps, currentUser(c).id, c.req.valid("param").id)),
  );

/** Mounted at /api/transcript: the spec names the delete route in the singular (DELETE /api/transcript/{id}). */
export const transcriptDeleteRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .delete(
    "/:id",
    documented(
      "Transcripts",
      "Delete a transcript and its stories",
      { body: acknowledgedSchema },
      signedInOrToken("write"),
    ),
    transcriptIdParam,
    async (c) => {
      await deleteTranscript(c.var.deps, currentUser(c).id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  );
