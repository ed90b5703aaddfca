import type { VerificationLinkDetails } from "../../../../schema/api/auth";
import { api } from "../../../lib/api";

// The emailed verification link's page (worker/routes/email-verification.ts). Opening it only reads; the two
// answers are POSTs, so a mail scanner that opens the link changes nothing.

/** Which account the link is for. Not cached: a token is read once per visit, and its state changes on a click. */
export function verificationLinkDetails(token: string): Promise<VerificationLinkDetails> {
  return api.get(`/api/verify-email/details?token=${encodeURIComponent(token)}`);
}

/** "Yes, this is my account": verifies it (other sign-ups waiting for the address are deleted). */
export function confirmVerificationLink(token: string): Promise<{ success: true; username: string | null }> {
  return api.post("/api/verify-email/confirm", { token });
}

/** "No, I did not sign up": deletes that unverified sign-up. */
export function rejectVerificationLink(token: string): Promise<{ success: true }> {
  return api.post("/api/verify-email/reject", { token });
}
