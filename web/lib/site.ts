/** Public contact details shown on the legal pages and in the footer. */
export const SITE = {
  name: "StoryLoom",
  supportEmail: "support@storyloom.app",
  privacyEmail: "privacy@storyloom.app",
  legalUpdated: "21 November 2026",
} as const;
