import { Hono } from "hono";
import type { AppEnv } from "../env";
import { clearSessionCookie, currentUser, requireUser } from "../middleware/session";
import { deleteAccount, exportAccountData, getDataSummary } from "../services/account";

/** Mounted at /api/user (docs/product-spec.md §7: data summary, data export, account deletion). */
export const accountDataRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/data-summary", async (c) =>
    c.json({ success: true, data: await getDataSummary(c.var.deps, currentUser(c).id) }),
  )
  .get("/export-data", async (c) => {
    const { filename, body } = await exportAccountData(c.var.deps, currentUser(c).id);
    return new Response(body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  })
  .delete("/delete-account", async (c) => {
    await deleteAccount(c.var.deps, currentUser(c).id);
    // the session row went with the account; the cookie goes too, so the browser is signed out
    clearSessionCookie(c);
    return c.json({ success: true });
  });
