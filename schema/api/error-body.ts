import * as z from "zod";
import { ERROR_STATUS, type ErrorCode } from "./errors";

/**
 * The shared error shape of every failed API call. Apart from errors.ts, which the SPA's first chunk imports for its
 * values: this file brings zod with it, and the SPA only takes its type.
 */
export const apiErrorBodySchema = z.object({
  success: z.literal(false),
  /** What went wrong, in words a person can act on. */
  error: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  /** Quote it when reporting a problem: it finds the request in the logs. */
  requestId: z.string(),
  /** More about the failure, e.g. the validation issues with their paths. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
