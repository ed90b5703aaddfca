/** GET /api/user/data-summary (docs/product-spec.md §3 Data summary: projects, transcripts, integrations; and the rest the account holds). */
export interface DataSummary {
  projects: number;
  transcripts: number;
  integrations: number;
  /** JIRA and Notion export records of the account's integrations. */
  exports: number;
  /** Members and invitations of the account's own team. */
  teamMembers: number;
  /** Other teams the account is an active member of. */
  teamMemberships: number;
  activityEvents: number;
  generations: number;
  /** Exchanges with the help assistant while signed in (kept 90 days). */
  assistantConversations: number;
  /** Uploaded recordings kept in storage. */
  recordings: number;
}
