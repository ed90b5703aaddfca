import * as z from "zod";
import type { ZodType } from "zod";

// The bodies many routes share: a bare acknowledgement, and data wrapped with the success flag.

/** `{ success: true }`: the change was made. */
export const acknowledgedSchema = z.object({ success: z.literal(true) });

/** `{ success: true, data }`. */
export const withData = <Data extends ZodType>(data: Data) => z.object({ success: z.literal(true), data });
