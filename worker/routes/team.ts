import { zValidator, type Hook } from "@hono/zod-validator";
import { Hono } from "hono";
import * as z from "zod";
import { acknowledgedSchema, withData } from "../../schema/api/envelope";
import {
  acceptedInvitationSchema,
  inviteInputSchema,
  inviteTokenSchema,
  reviewMemberSchema,
  roleInputSchema,
  teamContextSchema,
  teamLimitsSchema,
  teamMembershipSchema,
} from "../../schema/api/teams";
import type { AppEnv } from "../env";
import { documented, documentRequest } from "../lib/openapi";
import { idParam, validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import {
  acceptTeamInvitation,
  changeMemberRole,
  getTeamContext,
  getTeamLimits,
  inviteMember,
  keepMember,
  leaveTeam,
  listTeamMembers,
  membersToReview,
  removeMember,
} from "../services/teams";

const SIGNED_IN = { signedIn: true };
const membershipIdParam = idParam("Team member");
/** A team is named by its owner's id; a team the caller is not in answers exactly like a missing one. */
const teamIdParam = idParam("Team");

const invitationTokenParam = z.object({ token: inviteTokenSchema });
/**
 * The invitation token in the URL. A malformed one goes to the service all the same, which counts it as a guess
 * against the caller's limit and answers exactly as for an unknown token (the 404 'invalid, expired, or already
 * used'): telling them apart, or letting malformed guesses past the limit, is what this must not do.
 */
const countMalformedToken: Hook<z.infer<typeof invitationTokenParam>, AppEnv, string, "param"> = async (result, c) => {
  if (!result.success) await acceptTeamInvitation(c.var.deps, currentUser(c).id, c.req.param("token") ?? "");
};
const invitationToken = documentRequest(
  zValidator<typeof invitationTokenParam, "param", AppEnv, string, typeof countMalformedToken>(
    "param",
    invitationTokenParam,
    countMalformedToken,
  ),
  "param",
  invitationTokenParam,
);

/** Mounted at /api/team (docs/product-spec.md §7). Answers `{success, data}` as the spec's team calls do. */
export const teamRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/members",
    documented(
      "Team",
      "List the members and pending invitations of the team the user works in",
      { body: withData(z.array(teamMembershipSchema)) },
      SIGNED_IN,
    ),
    async (c) => c.json({ success: true, data: await listTeamMembers(c.var.deps, currentUser(c).id) }),
  )
  .get(
    "/limits",
    documented(
      "Team",
      "Read the team's seats: how many are taken, how many the plan gives, and whether the user may invite",
      { body: withData(teamLimitsSchema) },
      SIGNED_IN,
    ),
    async (c) => c.json({ success: true, data: await getTeamLimits(c.var.deps, currentUser(c).id) }),
  )
  .get(
    "/membership",
    documented(
      "Team",
      "Read the team the user works in, their place in it, and every team they are a member of",
      { body: withData(teamContextSchema) },
      SIGNED_IN,
    ),
    async (c) => c.json({ success: true, data: await getTeamContext(c.var.deps, currentUser(c).id) }),
  )
  // After the account was taken back (issue 39): the own team's members who joined before, to keep or remove.
  .get(
    "/review",
    documented(
      "Team",
      "List the members of the user's own team who joined before the account was taken back (a password reset, or an OAuth link that removed the password), until the owner keeps or removes them",
      { body: withData(z.array(reviewMemberSchema)) },
      SIGNED_IN,
    ),
    async (c) => c.json({ success: true, data: await membersToReview(c.var.deps, currentUser(c).id) }),
  )
  .post(
    "/members/:id/keep",
    documented(
      "Team",
      "Keep a member under review after the account was taken back (the team's owner only); removing is DELETE /api/team/members/{id}",
      { body: acknowledgedSchema },
      SIGNED_IN,
    ),
    membershipIdParam,
    async (c) => {
      await keepMember(c.var.deps, currentUser(c).id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  )
  .post(
    "/invite",
    documented(
      "Team",
      "Invite someone to the team by email",
      { status: 201, body: withData(teamMembershipSchema) },
      SIGNED_IN,
    ),
    validate("json", inviteInputSchema),
    async (c) =>
      c.json({ success: true, data: await inviteMember(c.var.deps, currentUser(c).id, c.req.valid("json")) }, 201),
  )
  .delete(
    "/members/:id",
    documented(
      "Team",
      "Remove a member from the team, or revoke a pending invitation",
      { body: acknowledgedSchema },
      SIGNED_IN,
    ),
    membershipIdParam,
    async (c) => {
      await removeMember(c.var.deps, currentUser(c).id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  )
  .patch(
    "/members/:id",
    documented("Team", "Change a member's role", { body: withData(teamMembershipSchema) }, SIGNED_IN),
    membershipIdParam,
    validate("json", roleInputSchema),
    async (c) =>
      c.json({
        success: true,
        data: await changeMemberRole(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json").role),
      }),
  )
  // Leaving a team the caller is an active member of (issue 26): the membership is the caller's in team :id.
  .delete(
    "/memberships/:id",
    documented("Team", "Leave a team the user is a member of", { body: acknowledgedSchema }, SIGNED_IN),
    teamIdParam,
    async (c) => {
      await leaveTeam(c.var.deps, currentUser(c).id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  )
  .post(
    "/accept/:token",
    documented(
      "Team",
      "Accept an invitation and join the team",
      { body: withData(acceptedInvitationSchema) },
      SIGNED_IN,
    ),
    invitationToken,
    async (c) =>
      c.json({
        success: true,
        data: await acceptTeamInvitation(c.var.deps, currentUser(c).id, c.req.valid("param").token),
      }),
  );
