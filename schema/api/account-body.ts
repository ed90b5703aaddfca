import * as z from "zod";
import { authProvidersSchema, publicUserSchema } from "./auth";
import { integrationSchema } from "./integrations";
import { TIERS } from "./subscription";
import { TEAM_ROLES } from "./teams";

// The account's own data (docs/product-spec.md §7: data summary, data export). The SPA takes only the types from
// here, so zod stays out of its first chunk.

/** GET /api/user/data-summary (docs/product-spec.md §3 Data summary: projects, transcripts, integrations; and the rest the account holds). */
export const dataSummarySchema = z.object({
  projects: z.number().int(),
  transcripts: z.number().int(),
  integrations: z.number().int(),
  exports: z.number().int().describe("Export records of the account's integrations (JIRA, Notion and the trackers)."),
  teamMembers: z.number().int().describe("Members and invitations of the account's own team."),
  teamMemberships: z.number().int().describe("Other teams the account is an active member of."),
  activityEvents: z.number().int(),
  generations: z.number().int(),
  assistantConversations: z
    .number()
    .int()
    .describe("Exchanges with the help assistant while signed in (kept 90 days)."),
  recordings: z.number().int().describe("Uploaded recordings kept in storage."),
});
export type DataSummary = z.infer<typeof dataSummarySchema>;

const membershipStatus = z.enum(["pending", "active"]);

/** One transcript of the export, with its stories as stored. */
export const exportedTranscriptSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  projectId: z.number().int().nullable(),
  createdBy: z.number().int().nullable().describe("Who wrote it: the account or a member of its team."),
  content: z.string(),
  generatedStories: z
    .unknown()
    // GeneratedStories (schema/api/transcripts.ts)
    .describe("The epic and its user stories as stored; null while they are being generated."),
  originalStories: z.unknown().describe("The stories as last generated, before any edits (or null)."),
  previousStories: z
    .unknown()
    .describe("The edited stories a regeneration replaced, kept so they can be restored (or null)."),
  storiesVersion: z.number().int(),
  generationError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExportedTranscript = z.infer<typeof exportedTranscriptSchema>;

/**
 * GET /api/user/export-data: everything the account owns as one JSON document (services/account/index.ts streams
 * it). Secrets stay out: no password hash, no token or its hash, integration credentials masked.
 */
export const accountExportSchema = z.object({
  format: z.literal("storyloom-account-export/1"),
  exportedAt: z.string(),
  account: publicUserSchema.extend({
    signInMethods: z.array(z.object({ provider: authProvidersSchema.keyof(), linkedAt: z.string() })),
  }),
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string() })),
  accessTokens: z.array(
    z.object({
      name: z.string(),
      scopes: z.array(z.string()),
      hint: z.string(),
      createdAt: z.string(),
      expiresAt: z.string().nullable(),
      lastUsedAt: z.string().nullable(),
    }),
  ),
  emailVerifications: z.array(
    z.object({ email: z.string(), sentAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() }),
  ),
  passwordResets: z.array(z.object({ requestedAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() })),
  subscription: z
    .object({
      tier: z.enum(TIERS),
      status: z.string(),
      source: z.enum(["stripe", "manual"]),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      stripeCustomerId: z.string().nullable(),
      stripeSubscriptionId: z.string().nullable(),
    })
    .nullable()
    .describe("Null when the account never had one."),
  projects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      color: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  integrations: z.array(integrationSchema),
  exports: z.array(
    z.object({
      integrationId: z.number().int(),
      transcriptId: z.number().int(),
      target: z.string().nullable().describe("The JIRA epic's key or the Notion page's id."),
      url: z.string().nullable(),
      storyKeys: z.array(z.string().nullable()),
      completedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  team: z.object({
    members: z
      .array(
        z.object({
          invitedEmail: z.string(),
          role: z.enum(TEAM_ROLES),
          status: membershipStatus,
          memberUsername: z.string().nullable(),
          memberEmail: z.string().nullable(),
          invitedAt: z.string(),
          joinedAt: z.string().nullable(),
        }),
      )
      .describe("The account's own team: its members and invitations."),
    memberOf: z
      .array(
        z.object({
          teamOwner: z.string().nullable(),
          role: z.enum(TEAM_ROLES),
          status: membershipStatus,
          joinedAt: z.string().nullable(),
        }),
      )
      .describe("Other teams the account belongs to, or is invited to."),
  }),
  generations: z.array(z.object({ provider: z.string(), transcriptId: z.number().int().nullable(), at: z.string() })),
  generationCharacters: z
    .array(z.object({ day: z.string(), characters: z.number().int() }))
    .describe("Transcript characters the account handed to story generation per UTC day (the daily ceiling's count)."),
  activity: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      projectName: z.string().nullable(),
      transcriptId: z.number().int().nullable(),
      at: z.string(),
    }),
  ),
  emails: z
    .array(z.object({ subject: z.string(), text: z.string(), sentAt: z.string() }))
    .describe(
      "Mail to the account's address kept while no email provider was set up; in its links the token reads [removed].",
    ),
  assistantConversations: z.array(z.object({ question: z.string(), answer: z.string(), at: z.string() })),
  adminActions: z.array(
    z.object({
      action: z.enum(["make_admin", "update_subscription"]),
      by: z.enum(["you", "a platform admin"]),
      on: z.enum(["your account", "another account"]),
      details: z.record(z.string(), z.unknown()),
      at: z.string(),
    }),
  ),
  recordings: z
    .array(z.object({ key: z.string(), size: z.number().int(), uploaded: z.string() }))
    .describe("Uploaded recordings kept in storage."),
  audioTranscriptions: z.array(
    z.object({
      recordingId: z.string(),
      format: z.string(),
      bytes: z.number().int(),
      fileName: z.string(),
      status: z.enum(["stored", "transcribed", "failed"]),
      characters: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
  transcripts: z.array(exportedTranscriptSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
