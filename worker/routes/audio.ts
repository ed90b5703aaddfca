import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as z from "zod";
import { AUDIO_FORMATS, AUDIO_MAX_BYTES, RECORDING_ID } from "../../schema/api/audio";
import { transcribeAudioResponseSchema } from "../../schema/api/audio-body";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { documented, signedInOrToken } from "../lib/openapi";
import { validateIds } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { checkAudioAccess, retryTranscription, transcribeUpload } from "../services/audio";

/** Room for the multipart envelope around a recording at the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The plan and the provider, checked before anything of the request is read. */
const audioAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  await checkAudioAccess(c.var.deps, currentUser(c).id);
  await next();
};

/** The upload, described: the route reads the form itself (after the size check), not through a validator. */
const RECORDING_UPLOAD = {
  mediaType: "multipart/form-data",
  description: `The recording in the form field "audio": ${AUDIO_FORMATS.join(", ")}, recognised by its bytes, at most ${AUDIO_MAX_BYTES / 1024 / 1024} MB.`,
  schema: {
    type: "object",
    properties: { audio: { type: "string", format: "binary", description: "The recording." } },
    required: ["audio"],
  },
};

// Recording ids are made by services/audio (randomToken(16): 22 base64url characters, RECORDING_ID); any other
// spelling answers 404 like a recording that is not there. The plan is checked first, so a free account hears about
// its plan whatever the id, as before.
const recordingIdParam = validateIds("param", z.object({ recordingId: z.string().regex(RECORDING_ID) }), "Recording");

/** Mounted at /api/transcribe-audio (docs/product-spec.md §7). */
export const audioRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/",
    documented(
      "Transcripts",
      "Transcribe an uploaded recording into transcript text (Pro and Enterprise)",
      { body: transcribeAudioResponseSchema },
      { ...signedInOrToken("generate"), request: RECORDING_UPLOAD },
    ),
    // the plan and the provider first: a free account's 25 MB is never read
    audioAccess,
    // answered from Content-Length before the body is read (and counted while reading when there is none)
    bodyLimit({
      maxSize: AUDIO_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw new AppError("payload_too_large", `Recordings can be at most ${AUDIO_MAX_BYTES / 1024 / 1024} MB.`);
      },
    }),
    async (c) => {
      const form = await c.req.formData().catch(() => {
        throw new AppError("bad_request", 'Send the recording as multipart/form-data with the field "audio".');
      });
      const file = form.get("audio");
      return c.json(await transcribeUpload(c.var.deps, currentUser(c).id, file instanceof File ? file : null));
    },
  )
  .post(
    "/:recordingId/retry",
    documented(
      "Transcripts",
      "Transcribe a recording kept from an earlier upload again, without uploading it",
      { body: transcribeAudioResponseSchema },
      signedInOrToken("generate"),
    ),
    audioAccess,
    recordingIdParam,
    async (c) => c.json(await retryTranscription(c.var.deps, currentUser(c).id, c.req.valid("param").recordingId)),
  );
