import { Hono } from "hono";
import { accountExportSchema, dataSummarySchema } from "../../schema/api/account-body";
import { acknowledgedSchema, withData } from "../../schema/api/envelope";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { clearSessionCookie, currentUser, requireUser } from "../middleware/session";
import { deleteAccount, exportAccountData, getDataSummary } from "../services/account";

const SIGNED_IN = { signedIn: true };

/** Mounted at /api/user (docs/product-spec.md §7: data summary, data export, account deletion). */
export const accountDataRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/data-summary",
    documented("Account", "Count what the account holds", { body: withData(dataSummarySchema) }, SIGNED_IN),
    async (c) => c.json({ success: true, data: await getDataSummary(c.var.deps, currentUser(c).id) }),
  )
  .get(
    "/export-data",
    documented(
      "Account",
      "Download everything the account holds",
      { download: "The account's data as one JSON document (storyloom-data-<date>.json).", body: accountExportSchema },
      SIGNED_IN,
    ),
    async (c) => {
      const { filename, body } = await exportAccountData(c.var.deps, currentUser(c).id);
      return new Response(body, {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "no-store",
        },
      });
    },
  )
  .delete(
    "/delete-account",
    documented(
      "Account",
      "Delete the account and everything it holds, cancelling its subscription",
      { body: acknowledgedSchema },
      SIGNED_IN,
    ),
    async (c) => {
      await deleteAccount(c.var.deps, currentUser(c).id);
      // the session row went with the account; the cookie goes too, so the browser is signed out
      clearSessionCookie(c);
      return c.json({ success: true });
    },
  );
