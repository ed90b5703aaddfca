import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import {
  adminActionResultSchema,
  adminAnalyticsSchema,
  adminConversationSchema,
  adminConversationsQuerySchema,
  adminPageSchema,
  adminTierSchema,
  adminUserSchema,
  adminUsersQuerySchema,
} from "../../schema/api/admin";
import { withData } from "../../schema/api/envelope";
import type { AppEnv } from "../env";
import { forbidden } from "../lib/errors";
import { documented } from "../lib/openapi";
import { idParam, validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { getAnalytics, listConversations, listUsers, makeAdmin, updateSubscription } from "../services/admin";

/** Platform admins only (docs/product-spec.md §6); everyone else gets the one 403 the SPA shows as 'Access Denied'. */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!currentUser(c).isAdmin) throw forbidden("Admin access required");
  await next();
});

const userIdParam = idParam("User");
const ADMIN = {
  signedIn: true,
  description: "For the platform's admins only; anyone else is refused with 403.",
};

/** Mounted at /api/admin (docs/product-spec.md §7). Answers `{success, data…}`. */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get(
    "/analytics",
    documented("Admin", "Read the platform's user and revenue counts", { body: withData(adminAnalyticsSchema) }, ADMIN),
    async (c) => c.json({ success: true, data: await getAnalytics(c.var.deps) }),
  )
  .get(
    "/users",
    documented(
      "Admin",
      "List the users, newest first, a page at a time, optionally searched",
      { body: adminPageSchema(adminUserSchema) },
      ADMIN,
    ),
    validate("query", adminUsersQuerySchema),
    async (c) => c.json({ success: true, ...(await listUsers(c.var.deps, c.req.valid("query"))) }),
  )
  .get(
    "/chatbot-conversations",
    documented(
      "Admin",
      "List the help assistant's logged conversations, newest first, a page at a time, optionally searched",
      { body: adminPageSchema(adminConversationSchema) },
      ADMIN,
    ),
    validate("query", adminConversationsQuerySchema),
    async (c) => c.json({ success: true, ...(await listConversations(c.var.deps, c.req.valid("query"))) }),
  )
  .post(
    "/make-admin/:id",
    documented("Admin", "Make a user a platform admin", { body: adminActionResultSchema }, ADMIN),
    userIdParam,
    async (c) =>
      c.json({ success: true, message: await makeAdmin(c.var.deps, currentUser(c).id, c.req.valid("param").id) }),
  )
  .post(
    "/update-subscription/:id",
    documented(
      "Admin",
      "Grant a user a plan, without payment (refused while they pay for another through Stripe)",
      { body: adminActionResultSchema },
      ADMIN,
    ),
    userIdParam,
    validate("json", adminTierSchema),
    async (c) =>
      c.json({
        success: true,
        message: await updateSubscription(
          c.var.deps,
          currentUser(c).id,
          c.req.valid("param").id,
          c.req.valid("json").tier,
        ),
      }),
  );
