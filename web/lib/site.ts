/** Public contact details shown on the legal pages and in the footer. */
export const SITE = {
  name: "StoryLoom",
  supportEmail: "support@storyloom.app",
  privacyEmail: "privacy@storyloom.app",
  /** The terms and the privacy policy last changed when they came to name all five trackers (issue 43). */
  legalUpdated: "7 December 2026",
  /** (and again the same day, when its list of who data is shared with came to name OpenAI and Workers AI: issue 43) */
  privacyUpdated: "7 December 2026",
} as const;
