import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AUDIO_MAX_BYTES } from "../../schema/api/audio";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { currentUser, requireUser } from "../middleware/session";
import { checkAudioAccess, retryTranscription, transcribeUpload } from "../services/audio";

/** Room for the multipart envelope around a recording at the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Mounted at /api/transcribe-audio (docs/product-spec.md §7). */
export const audioRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/",
    // the plan and the provider first: a free account's 25 MB is never read
    async (c, next) => {
      await checkAudioAccess(c.var.deps, currentUser(c).id);
      await next();
    },
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
  .post("/:recordingId/retry", async (c) =>
    c.json(await retryTranscription(c.var.deps, currentUser(c).id, c.req.param("recordingId"))),
  );
