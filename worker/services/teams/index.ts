import {
  INVITATION_DAYS,
  inviteInputSchema,
  type AcceptedInvitation,
  inviteTokenSchema,
  type InviteInput,
  type JoinedTeam,
  type ReviewMember,
  type TeamContext,
  type TeamLimits,
  type TeamMembership,
  type TeamPosition,
  type TeamRole,
} from "../../../schema/api/teams";
import type { Deps } from "../../deps";
import {
  acceptInvitation,
  activeTeamsOf,
  countMembersToReview,
  countSeats,
  deleteMembership,
  findInvitationByTokenHash,
  findMembership,
  findMembershipByEmail,
  insertInvitation,
  deleteOwnMembership,
  keepReviewedMember,
  listMembersToReview,
  listTeam,
  updateMemberRole,
  type TeamMembershipRow,
} from "../../data/teams";
import { isUniqueViolation } from "../../data/db";
import { findSubscription, findUserById } from "../../data/users";
import { hmacSha256, randomToken, sha256Hex, toBase64Url } from "../../lib/crypto";
import { AppError, notFound } from "../../lib/errors";
import { sendInBackground } from "../auth/accounts";
import { teamInvitationEmail } from "../auth/emails";
import { effectiveTier, limitsFor } from "../plans";
import { enforceLimit, RATE_RULES } from "../rate-limit";

// Teams (docs/product-spec.md §2 Team, §3 Team membership and limits, §7; docs/product-decisions.md Teams). What a member may do in the
// owner's projects is decided by services/access; this module manages the team itself.

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_INVITATION = "This invitation link is invalid, expired, or has already been used.";
const teamFull = () =>
  new AppError(
    "plan_limit",
    "This team is full: its plan has no seat left for you. Ask the team's owner to upgrade or free a seat.",
  );

/** The team a user works in, and their place in it. */
interface Team {
  ownerId: number;
  position: TeamPosition;
  /**
   * The owner took the account back (a password reset, an OAuth link that removed the password) and has not kept
   * this member yet (issue 39). An admin under review works in the projects as before but does not manage the team
   * until kept: otherwise whoever the previous holder made admin could invite, or copy the owner's new invitation
   * links, and bring in people who joined after the reset and so are not on the owner's list.
   */
  underReview: boolean;
}

/**
 * The team the /team screen and the /api/team calls act on: the user's own team when they run one (a paid plan, or
 * anyone invited), else the first team they joined, else their own (empty) team. docs/product-spec.md §7 names no team in its
 * calls: an account holds at most one membership per team, and this picks one team per account.
 */
async function currentTeam(
  deps: Deps,
  userId: number,
): Promise<Team & { memberOf: Awaited<ReturnType<typeof activeTeamsOf>> }> {
  const [memberOf, subscription, seats] = await Promise.all([
    activeTeamsOf(deps.db, userId),
    findSubscription(deps.db, userId),
    countSeats(deps.db, userId, deps.now()),
  ]);
  const runsOwnTeam = effectiveTier(subscription) !== "free" || seats.active + seats.pending > 0;
  const joined = memberOf[0];
  if (!runsOwnTeam && joined)
    return {
      ownerId: joined.ownerId,
      position: joined.role,
      underReview: joined.reviewRequestedAt !== null,
      memberOf,
    };
  return { ownerId: userId, position: "owner", underReview: false, memberOf };
}

const canManage = (team: Team) => team.position === "owner" || (team.position === "admin" && !team.underReview);

const UNDER_REVIEW_MESSAGE =
  "The team's owner is reviewing its members after taking the account back. You can manage the team again once they keep you.";

function requireManager(team: Team): void {
  if (canManage(team)) return;
  throw new AppError(
    "forbidden",
    team.position === "admin" ? UNDER_REVIEW_MESSAGE : "Only the team's owner or an admin can manage its members.",
  );
}

/** The invitation token, derived from the row's random ref with the server's secret: never stored. */
async function invitationToken(deps: Deps, inviteRef: string): Promise<string> {
  return toBase64Url(await hmacSha256(deps.config.passwordPepper, `storyloom:team-invitation:${inviteRef}`));
}

async function toMembership(
  deps: Deps,
  row: { membership: TeamMembershipRow; memberUsername: string | null; memberEmail: string | null },
  showToken: boolean,
): Promise<TeamMembership> {
  const m = row.membership;
  const pending = m.status === "pending";
  return {
    id: m.id,
    status: m.status,
    role: m.role,
    invitedEmail: m.invitedEmail,
    inviteToken: pending && showToken ? await invitationToken(deps, m.inviteRef) : null,
    memberUsername: pending ? null : row.memberUsername,
    memberEmail: pending ? null : row.memberEmail,
    createdAt: new Date(m.createdAt).toISOString(),
    joinedAt: m.acceptedAt === null ? null : new Date(m.acceptedAt).toISOString(),
    expiresAt: pending ? new Date(m.expiresAt).toISOString() : null,
  };
}

export async function getTeamContext(deps: Deps, userId: number): Promise<TeamContext> {
  const team = await currentTeam(deps, userId);
  const [owner, membersToReview] = await Promise.all([
    findUserById(deps.db, team.ownerId),
    countMembersToReview(deps.db, userId),
  ]);
  if (!owner) throw notFound("Team");
  return {
    owner: {
      id: owner.id,
      username: owner.username,
      email: team.position !== "member" ? owner.email : null,
      joinedAt: new Date(owner.createdAt).toISOString(),
    },
    position: team.position,
    canManage: canManage(team),
    memberOf: team.memberOf.map(toJoinedTeam),
    membersToReview,
  };
}

function toJoinedTeam(t: Awaited<ReturnType<typeof activeTeamsOf>>[number]): JoinedTeam {
  return {
    ownerId: t.ownerId,
    ownerName: t.ownerUsername ?? t.ownerEmail ?? "Team owner",
    ownerEmail: t.ownerEmail,
    role: t.role,
    joinedAt: new Date(t.acceptedAt ?? 0).toISOString(),
  };
}

/** Every team the account is an active member of, oldest first (GET /api/team/membership and the password reset). */
export async function joinedTeams(deps: Deps, userId: number): Promise<JoinedTeam[]> {
  return (await activeTeamsOf(deps.db, userId)).map(toJoinedTeam);
}

/**
 * The signed-in account leaves the team `ownerId` runs. Its access to the team's projects ends with the next request
 * (services/access reads memberships on every call); what it made there stays the owner's, since a transcript in a
 * team's project is owned by the project's owner (data/transcripts.ts moveTranscript, services/generation). A team
 * the account is not an active member of (never joined, invited only, removed, already left, no such account) is
 * 404 exactly like a missing id; its own team cannot be left.
 */
export async function leaveTeam(deps: Deps, userId: number, ownerId: number): Promise<void> {
  if (ownerId === userId)
    throw new AppError("conflict", "This is your own team: you can't leave it. Remove its members instead.");
  const user = await findUserById(deps.db, userId);
  const subject = user?.username ?? user?.email ?? "A member";
  if (!(await deleteOwnMembership(deps.db, ownerId, userId, subject, deps.now()))) throw notFound("Team");
}

export async function listTeamMembers(deps: Deps, userId: number): Promise<TeamMembership[]> {
  const team = await currentTeam(deps, userId);
  const rows = await listTeam(deps.db, team.ownerId, deps.now());
  return Promise.all(rows.map((row) => toMembership(deps, row, canManage(team))));
}

async function limitsOf(deps: Deps, team: Team): Promise<TeamLimits> {
  const [subscription, seats] = await Promise.all([
    findSubscription(deps.db, team.ownerId),
    countSeats(deps.db, team.ownerId, deps.now()),
  ]);
  const tier = effectiveTier(subscription);
  const maxCount = limitsFor(tier).teamMembers;
  // An invitation holds a seat only while it can still be accepted: unexpired (countSeats), and only as many as there
  // are seats free after the owner and the active members (an accept needs one, data/teams.ts acceptInvitation), so
  // a downgrade never reads "5 of 3 seats" for invitations that can no longer be accepted.
  const currentCount = 1 + seats.active + Math.min(seats.pending, Math.max(0, maxCount - 1 - seats.active));
  const full = currentCount >= maxCount;
  const message = !canManage(team)
    ? team.position === "admin"
      ? UNDER_REVIEW_MESSAGE
      : "Only the team's owner or an admin can invite members."
    : full
      ? currentCount > maxCount
        ? `Your team has ${currentCount} of ${maxCount} seats on the ${tier} plan: everyone stays, but nobody new can be invited until you upgrade or remove someone.`
        : `You've reached your team member limit (${currentCount}/${maxCount}). Upgrade your plan to invite more members.`
      : null;
  return { canInvite: canManage(team) && !full, currentCount, maxCount, message };
}

export async function getTeamLimits(deps: Deps, userId: number): Promise<TeamLimits> {
  return limitsOf(deps, await currentTeam(deps, userId));
}

export async function inviteMember(deps: Deps, userId: number, input: InviteInput): Promise<TeamMembership> {
  const { email, role } = inviteInputSchema.parse(input);
  const team = await currentTeam(deps, userId);
  requireManager(team);
  const now = deps.now();
  const [inviter, owner] = await Promise.all([
    findUserById(deps.db, userId),
    team.ownerId === userId ? null : findUserById(deps.db, team.ownerId),
  ]);
  if (inviter?.email === email)
    throw new AppError("validation_failed", "You can't invite yourself.", { details: { field: "email" } });
  if ((owner ?? inviter)?.email === email)
    throw new AppError("validation_failed", "That address belongs to the team's owner.", {
      details: { field: "email" },
    });
  const existing = await findMembershipByEmail(deps.db, team.ownerId, email, now);
  if (existing) {
    throw new AppError(
      "conflict",
      existing.membership.status === "active"
        ? `${email} is already a member of this team.`
        : `${email} already has a pending invitation. Copy its link from the list instead.`,
      { details: { field: "email" } },
    );
  }
  const limits = await limitsOf(deps, team);
  await enforceLimit(
    deps.limits,
    `team-invite:user:${userId}`,
    RATE_RULES.teamInvitations,
    "Too many invitations sent. Please wait a while before inviting more people.",
  );
  if (!limits.canInvite)
    throw new AppError("plan_limit", limits.message ?? "Your team is full.", {
      details: { currentCount: limits.currentCount, maxCount: limits.maxCount },
    });

  const inviteRef = randomToken(16);
  const token = await invitationToken(deps, inviteRef);
  const id = await insertInvitation(
    deps.db,
    {
      ownerId: team.ownerId,
      invitedEmail: email,
      role,
      inviteRef,
      tokenHash: await sha256Hex(token),
      expiresAt: now + INVITATION_DAYS * DAY_MS,
      invitedBy: userId,
      createdAt: now,
    },
    limits.maxCount,
  ).catch((error: unknown) => {
    // the partial unique index: another request invited the same address at the same moment
    if (isUniqueViolation(error))
      throw new AppError(
        "conflict",
        `${email} already has a pending invitation. Copy its link from the list instead.`,
        { details: { field: "email" } },
      );
    throw error;
  });
  if (id === null) {
    const now2 = await limitsOf(deps, team);
    throw new AppError("plan_limit", now2.message ?? "Your team is full.", {
      details: { currentCount: now2.currentCount, maxCount: now2.maxCount },
    });
  }
  sendInBackground(
    deps,
    teamInvitationEmail(email, { href: `${deps.origin}/team/accept/${token}`, secret: token }, INVITATION_DAYS),
    "team_invitation_email_failed",
    userId,
  );
  const row = await findMembership(deps.db, team.ownerId, id);
  if (!row) throw notFound("Invitation");
  return toMembership(deps, row, true);
}

/** Removes an active member (their access ends with the next request) or withdraws a pending invitation. */
export async function removeMember(deps: Deps, userId: number, membershipId: number): Promise<void> {
  const team = await currentTeam(deps, userId);
  const row = await findMembership(deps.db, team.ownerId, membershipId);
  // a member of the team sees the list, so a member asking gets 403; an id outside the team is 404
  if (!row) throw notFound("Team member");
  requireManager(team);
  const pending = row.membership.status === "pending";
  const subject = pending
    ? row.membership.invitedEmail
    : (row.memberUsername ?? row.memberEmail ?? row.membership.invitedEmail);
  if (
    !(await deleteMembership(
      deps.db,
      team.ownerId,
      membershipId,
      subject,
      pending ? "invitation_revoked" : "member_removed",
      deps.now(),
    ))
  )
    throw notFound("Team member");
}

export async function changeMemberRole(
  deps: Deps,
  userId: number,
  membershipId: number,
  role: TeamRole,
): Promise<TeamMembership> {
  const team = await currentTeam(deps, userId);
  const row = await findMembership(deps.db, team.ownerId, membershipId);
  if (!row) throw notFound("Team member");
  requireManager(team);
  if (row.membership.status !== "active")
    throw new AppError(
      "conflict",
      "Only active members have a role to change. Withdraw the invitation and invite again instead.",
    );
  if (row.membership.memberId === userId) throw new AppError("forbidden", "You can't change your own role.");
  if (row.membership.role !== role) {
    await updateMemberRole(
      deps.db,
      team.ownerId,
      membershipId,
      role,
      row.memberUsername ?? row.memberEmail ?? row.membership.invitedEmail,
      deps.now(),
    );
  }
  const updated = await findMembership(deps.db, team.ownerId, membershipId);
  if (!updated) throw notFound("Team member");
  return toMembership(deps, updated, true);
}

/** Accepts an invitation for the signed-in account: single use, within 7 days, one membership per account and team. */
export async function acceptTeamInvitation(deps: Deps, userId: number, token: string): Promise<AcceptedInvitation> {
  const invalid = () => new AppError("not_found", INVALID_INVITATION);
  await enforceLimit(
    deps.limits,
    `team-accept:user:${userId}`,
    RATE_RULES.teamAccepts,
    "Too many attempts. Please wait a minute and try again.",
  );
  if (!inviteTokenSchema.safeParse(token).success) throw invalid();
  const tokenHash = await sha256Hex(token);
  const invitation = await findInvitationByTokenHash(deps.db, tokenHash);
  const now = deps.now();
  if (!invitation || invitation.status !== "pending" || invitation.expiresAt <= now) throw invalid();
  if (invitation.ownerId === userId)
    throw new AppError("conflict", "This is an invitation to your own team: send the link to the person you invited.");
  const [user, owner, memberOf, subscription, seats] = await Promise.all([
    findUserById(deps.db, userId),
    findUserById(deps.db, invitation.ownerId),
    activeTeamsOf(deps.db, userId),
    findSubscription(deps.db, invitation.ownerId),
    countSeats(deps.db, invitation.ownerId, now),
  ]);
  if (!user || !owner) throw invalid();
  if (memberOf.some((t) => t.ownerId === invitation.ownerId))
    throw new AppError("conflict", "You're already a member of this team.");
  // after a downgrade the pending seat may no longer fit: the owner and active members come first
  const maxCount = limitsFor(effectiveTier(subscription)).teamMembers;
  if (1 + seats.active + 1 > maxCount) throw teamFull();
  const outcome = await acceptInvitation(
    deps.db,
    { id: invitation.id, ownerId: invitation.ownerId, tokenHash },
    userId,
    user.username ?? user.email ?? invitation.invitedEmail,
    now,
    maxCount,
  ).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError("conflict", "You're already a member of this team.");
    throw error;
  });
  if (outcome === "full") throw teamFull();
  if (outcome === "invalid") throw invalid();
  return { ownerId: owner.id, ownerName: owner.username ?? owner.email ?? "Team owner", role: invitation.role };
}

/**
 * The members of the account's own team still to review after it was taken back (issue 39): whoever joined before a
 * password reset, or before an OAuth link removed the password, until the owner keeps or removes them. Always the
 * caller's own team, whichever team /team shows: nobody reviews anyone else's.
 */
export async function membersToReview(deps: Deps, ownerId: number): Promise<ReviewMember[]> {
  const rows = await listMembersToReview(deps.db, ownerId);
  return rows.map(({ membership: m, memberUsername, memberEmail }) => ({
    id: m.id,
    memberUsername,
    memberEmail,
    role: m.role,
    joinedAt: new Date(m.acceptedAt ?? m.createdAt).toISOString(),
    reviewSince: new Date(m.reviewRequestedAt ?? 0).toISOString(),
  }));
}

/**
 * The owner keeps a member under review: they stay, and an admin manages the team again. Only the owner reviews:
 * an admin or member of the team asking gets 403 (they see its list); a membership outside the caller's team, or one
 * that is not an active member (a pending invitation), is 404 like a missing id. Keeping someone already kept
 * changes nothing and answers 200 (a second click).
 */
export async function keepMember(deps: Deps, userId: number, membershipId: number): Promise<void> {
  const team = await currentTeam(deps, userId);
  const row = await findMembership(deps.db, team.ownerId, membershipId);
  if (!row) throw notFound("Team member");
  if (team.position !== "owner") throw new AppError("forbidden", "Only the team's owner can review its members.");
  if (!(await keepReviewedMember(deps.db, team.ownerId, membershipId))) throw notFound("Team member");
}
