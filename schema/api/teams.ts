import * as z from "zod";

// Teams (docs/product-spec.md §3 Team membership, Team limits; §7 team calls; docs/product-decisions.md Teams).

export const TEAM_ROLES = ["member", "admin"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** A user's place in a team: its owner, or a member with a role. */
export type TeamPosition = "owner" | TeamRole;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const inviteInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address").max(254)),
  role: z.enum(TEAM_ROLES, { message: "The role must be member or admin." }).default("member"),
});
export type InviteInput = z.input<typeof inviteInputSchema>;

export const roleInputSchema = z.object({
  role: z.enum(TEAM_ROLES, { message: "The role must be member or admin." }),
});

/** An invitation token: 43 base64url characters (256 bits). Anything else is not a token of ours. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is invalid.");

export const teamMembershipSchema = z.object({
  id: z.number().int(),
  status: z.enum(["active", "pending"]),
  role: z.enum(TEAM_ROLES),
  invitedEmail: z.string(),
  inviteToken: z
    .string()
    .nullable()
    .describe("Only to those who manage the team, and only while the invitation is pending."),
  memberUsername: z.string().nullable(),
  memberEmail: z.string().nullable(),
  createdAt: z.string(),
  joinedAt: z.string().nullable().describe("When the invitation was accepted (null while pending)."),
  expiresAt: z.string().nullable().describe("When a pending invitation stops working."),
});
export type TeamMembership = z.infer<typeof teamMembershipSchema>;

export const teamLimitsSchema = z.object({
  canInvite: z.boolean(),
  currentCount: z.number().int().describe("Seats taken: the owner, active members and pending invitations."),
  maxCount: z.number().int(),
  message: z.string().nullable().describe("Why inviting is not possible, when it is not."),
});
export type TeamLimits = z.infer<typeof teamLimitsSchema>;

/**
 * A team the signed-in account is an active member of: whose it is, the account's role there and when it joined.
 * The owner's address is shown so a member can tell who runs it (issue 26: a team joined by someone who held the
 * account before its owner reset the password must be recognisable, and leavable).
 */
export const joinedTeamSchema = z.object({
  ownerId: z.number().int(),
  ownerName: z.string().describe("The owner's username, else their email."),
  ownerEmail: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
});
export type JoinedTeam = z.infer<typeof joinedTeamSchema>;

/** GET /api/team/membership: the team the signed-in user works in, and their place in it. */
export const teamContextSchema = z.object({
  owner: z.object({
    id: z.number().int(),
    username: z.string().nullable(),
    email: z.string().nullable().describe("Shown to the owner and the team's admins only."),
    joinedAt: z.string(),
  }),
  position: z.enum(["owner", ...TEAM_ROLES]),
  canManage: z.boolean().describe("May invite, change roles and remove members."),
  memberOf: z
    .array(joinedTeamSchema)
    .describe("Every team the user is an active member of, oldest first (their own team is not listed)."),
  membersToReview: z
    .number()
    .int()
    .describe(
      "Members of the user's own team still to review after the account was taken back (GET /api/team/review).",
    ),
});
export type TeamContext = z.infer<typeof teamContextSchema>;

/**
 * A member of the account's own team who joined before the account was taken back (a password reset, or an OAuth link
 * that removed the password: issue 39), until its owner keeps or removes them
 * (docs/decisions/2026-12-07-account-recovery-reviews-the-team.md).
 */
export const reviewMemberSchema = z.object({
  id: z
    .number()
    .int()
    .describe("The membership: POST /api/team/members/{id}/keep keeps it, DELETE /api/team/members/{id} removes it."),
  memberUsername: z.string().nullable(),
  memberEmail: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
  reviewSince: z.string().describe("When the account was taken back."),
});
export type ReviewMember = z.infer<typeof reviewMemberSchema>;

/** POST /api/team/accept/{token}: the team just joined. */
export const acceptedInvitationSchema = z.object({
  ownerId: z.number().int(),
  ownerName: z.string(),
  role: z.enum(TEAM_ROLES),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/**
 * POST /api/password-reset/confirm's answer: the teams the account belongs to, so whoever just proved the mailbox
 * sees them before signing in (docs/decisions/2026-11-27-leaving-teams.md), and what the reset did to the account's
 * own team: its pending invitations withdrawn, its members to keep or remove
 * (docs/decisions/2026-12-07-account-recovery-reviews-the-team.md).
 */
export const passwordResetConfirmedSchema = z.object({
  success: z.literal(true),
  memberOf: z.array(joinedTeamSchema),
  toReview: z
    .array(reviewMemberSchema)
    .describe("Members of the account's own team who joined before the reset, for its owner to keep or remove."),
  invitationsRevoked: z
    .number()
    .int()
    .describe("Pending invitations to the account's own team that the reset withdrew (their links no longer work)."),
});
export type PasswordResetConfirmed = z.infer<typeof passwordResetConfirmedSchema>;
