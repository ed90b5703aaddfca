import { Hono } from "hono";
import { inviteInputSchema, roleInputSchema } from "../../schema/api/teams";
import type { AppEnv } from "../env";
import { idParam, validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import {
  acceptTeamInvitation,
  changeMemberRole,
  getTeamContext,
  getTeamLimits,
  inviteMember,
  leaveTeam,
  listTeamMembers,
  removeMember,
} from "../services/teams";

const membershipIdParam = idParam("Team member");
/** A team is named by its owner's id; a team the caller is not in answers exactly like a missing one. */
const teamIdParam = idParam("Team");

/** Mounted at /api/team (docs/product-spec.md §7). Answers `{success, data}` as the spec's team calls do. */
export const teamRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/members", async (c) => c.json({ success: true, data: await listTeamMembers(c.var.deps, currentUser(c).id) }))
  .get("/limits", async (c) => c.json({ success: true, data: await getTeamLimits(c.var.deps, currentUser(c).id) }))
  .get("/membership", async (c) => c.json({ success: true, data: await getTeamContext(c.var.deps, currentUser(c).id) }))
  .post("/invite", validate("json", inviteInputSchema), async (c) =>
    c.json({ success: true, data: await inviteMember(c.var.deps, currentUser(c).id, c.req.valid("json")) }, 201),
  )
  .delete("/members/:id", membershipIdParam, async (c) => {
    await removeMember(c.var.deps, currentUser(c).id, c.req.valid("param").id);
    return c.json({ success: true });
  })
  .patch("/members/:id", membershipIdParam, validate("json", roleInputSchema), async (c) =>
    c.json({
      success: true,
      data: await changeMemberRole(c.var.deps, currentUser(c).id, c.req.valid("param").id, c.req.valid("json").role),
    }),
  )
  // Leaving a team the caller is an active member of (issue 26): the membership is the caller's in team :id.
  .delete("/memberships/:id", teamIdParam, async (c) => {
    await leaveTeam(c.var.deps, currentUser(c).id, c.req.valid("param").id);
    return c.json({ success: true });
  })
  // the token is checked by the service, so a malformed one answers exactly like an unknown one
  .post("/accept/:token", async (c) =>
    c.json({ success: true, data: await acceptTeamInvitation(c.var.deps, currentUser(c).id, c.req.param("token")) }),
  );
