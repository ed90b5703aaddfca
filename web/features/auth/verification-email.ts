/** Session-storage key for the address (or username) waiting for email verification (docs/product-spec.md §4). */
export const VERIFICATION_EMAIL_KEY = "verification-email";

export function rememberVerificationEmail(value: string): void {
  try {
    sessionStorage.setItem(VERIFICATION_EMAIL_KEY, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the screen falls back to the signed-in user's address.
  }
}

export function readVerificationEmail(): string | null {
  try {
    return sessionStorage.getItem(VERIFICATION_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function forgetVerificationEmail(): void {
  try {
    sessionStorage.removeItem(VERIFICATION_EMAIL_KEY);
  } catch {
    // Nothing to clean up.
  }
}
