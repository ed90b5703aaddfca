import { Hono } from "hono";
import * as z from "zod";
import { accountExportSchema, dataSummarySchema } from "../../schema/api/account-body";
import { accessTokenSchema, createAccessTokenSchema, createdAccessTokenSchema } from "../../schema/api/access-tokens";
import { acknowledgedSchema, withData } from "../../schema/api/envelope";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { idParam, validate } from "../lib/validate";
import { clearSessionCookie, currentUser, requireUser } from "../middleware/session";
import { deleteAccount, exportAccountData, getDataSummary } from "../services/account";
import { createAccessToken, listUserAccessTokens, revokeAccessToken } from "../services/auth/access-tokens";
import { enforceLimit, RATE_RULES } from "../services/rate-limit";

const SIGNED_IN = { signedIn: true };

const accessTokenIdParam = idParam("Access token");

/**
 * Mounted at /api/user (docs/product-spec.md §7: data summary, data export, account deletion; and the personal access
 * tokens of docs/decisions/2026-12-08-personal-access-tokens.md, which no token can list, make or revoke).
 */
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
  )
  .get(
    "/access-tokens",
    documented(
      "Account",
      "List the account's personal access tokens",
      { body: withData(z.array(accessTokenSchema)) },
      SIGNED_IN,
    ),
    async (c) => c.json({ success: true, data: await listUserAccessTokens(c.var.deps, currentUser(c).id) }),
  )
  .post(
    "/access-tokens",
    documented(
      "Account",
      "Make a personal access token (the answer is the only time the token is shown)",
      { status: 201, body: withData(createdAccessTokenSchema) },
      SIGNED_IN,
    ),
    validate("json", createAccessTokenSchema),
    async (c) => {
      const userId = currentUser(c).id;
      await enforceLimit(c.var.deps.limits, `access-token-create:user:${userId}`, RATE_RULES.accessTokenCreation);
      const created = await createAccessToken(c.var.deps, userId, c.req.valid("json"));
      c.header("Cache-Control", "no-store");
      return c.json({ success: true as const, data: created }, 201);
    },
  )
  .delete(
    "/access-tokens/:id",
    documented("Account", "Revoke a personal access token", { body: acknowledgedSchema }, SIGNED_IN),
    accessTokenIdParam,
    async (c) => {
      await revokeAccessToken(c.var.deps, currentUser(c).id, c.req.valid("param").id);
      return c.json({ success: true as const });
    },
  );
