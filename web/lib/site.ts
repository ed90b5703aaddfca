/** Public contact details shown on the legal pages and in the footer. */
export const SITE = {
  name: "StoryLoom",
  supportEmail: "support@storyloom.app",
  privacyEmail: "privacy@storyloom.app",
  legalUpdated: "21 November 2026",
  /** The privacy policy changed after the terms: what account deletion removes (security issue 26). */
  privacyUpdated: "27 November 2026",
} as const;
