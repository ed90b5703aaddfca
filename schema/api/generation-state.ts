// Values of a generation's state both the Worker and the SPA read, kept free of zod (the SPA imports it where the
// generator and history run, without loading the schema library).

/** What a cancelled generation's transcript says: the status reads "cancelled", and history offers Try Again. */
export const CANCELLED_GENERATION_MESSAGE = "Story generation was cancelled.";

/** Whether a transcript's recorded failure is a cancel: information, not an error (issue 43). */
export function isCancelled(generationError: string | null | undefined): boolean {
  return generationError === CANCELLED_GENERATION_MESSAGE;
}
