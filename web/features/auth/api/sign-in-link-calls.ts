import { api } from "../../../lib/api";

// A blocked sign-in's emailed link (docs/decisions/2026-11-27-sign-in-unlock-link.md).

/** The server answers the same message whether or not an account exists or can receive the link. */
export function requestSignInLink(username: string): Promise<{ success: true; message: string }> {
  return api.post("/api/sign-in-link", { username });
}

/** Spends the link's token; the answer sets this browser's sign-in pass (an HttpOnly cookie). */
export function confirmSignInLink(token: string): Promise<{ success: true }> {
  return api.post("/api/sign-in-link/confirm", { token });
}
