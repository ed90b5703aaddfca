import { z } from "zod";

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

export interface TeamMembership {
  id: number;
  status: "active" | "pending";
  role: TeamRole;
  invitedEmail: string;
  /** Only to those who manage the team, and only while the invitation is pending. */
  inviteToken: string | null;
  memberUsername: string | null;
  memberEmail: string | null;
  createdAt: string;
  /** When the invitation was accepted (null while pending). */
  joinedAt: string | null;
  /** When a pending invitation stops working. */
  expiresAt: string | null;
}

export interface TeamLimits {
  canInvite: boolean;
  /** Seats taken: the owner, active members and pending invitations. */
  currentCount: number;
  maxCount: number;
  /** Why inviting is not possible, when it is not. */
  message: string | null;
}

/**
 * A team the signed-in account is an active member of: whose it is, the account's role there and when it joined.
 * The owner's address is shown so a member can tell who runs it (issue 26: a team joined by someone who held the
 * account before its owner reset the password must be recognisable, and leavable).
 */
export interface JoinedTeam {
  ownerId: number;
  /** The owner's username, else their email. */
  ownerName: string;
  ownerEmail: string | null;
  role: TeamRole;
  joinedAt: string;
}

/** GET /api/team/membership: the team the signed-in user works in, and their place in it. */
export interface TeamContext {
  owner: { id: number; username: string | null; email: string | null; joinedAt: string };
  position: TeamPosition;
  /** May invite, change roles and remove members. */
  canManage: boolean;
  /** Every team the user is an active member of, oldest first (their own team is not listed). */
  memberOf: JoinedTeam[];
}

/**
 * POST /api/password-reset/confirm's answer: the teams the account belongs to, so whoever just proved the mailbox
 * sees them before signing in (docs/decisions/2026-11-27-leaving-teams.md).
 */
export interface PasswordResetConfirmed {
  success: true;
  memberOf: JoinedTeam[];
}
