import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { adminConversationsQuerySchema, adminTierSchema, adminUsersQuerySchema } from "../../schema/api/admin";
import type { AppEnv } from "../env";
import { forbidden } from "../lib/errors";
import { idParam, validate } from "../lib/validate";
import { currentUser, requireUser } from "../middleware/session";
import { getAnalytics, listConversations, listUsers, makeAdmin, updateSubscription } from "../services/admin";

/** Platform admins only (docs/product-spec.md §6); everyone else gets the one 403 the SPA shows as 'Access Denied'. */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!currentUser(c).isAdmin) throw forbidden("Admin access required");
  await next();
});

const userIdParam = idParam("User");

/** Mounted at /api/admin (docs/product-spec.md §7). Answers `{success, data…}`. */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/analytics", async (c) => c.json({ success: true, data: await getAnalytics(c.var.deps) }))
  .get("/users", validate("query", adminUsersQuerySchema), async (c) =>
    c.json({ success: true, ...(await listUsers(c.var.deps, c.req.valid("query"))) }),
  )
  .get("/chatbot-conversations", validate("query", adminConversationsQuerySchema), async (c) =>
    c.json({ success: true, ...(await listConversations(c.var.deps, c.req.valid("query"))) }),
  )
  .post("/make-admin/:id", userIdParam, async (c) =>
    c.json({ success: true, message: await makeAdmin(c.var.deps, currentUser(c).id, c.req.valid("param").id) }),
  )
  .post("/update-subscription/:id", userIdParam, validate("json", adminTierSchema), async (c) =>
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
