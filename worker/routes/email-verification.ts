import { Hono } from "hono";
import * as z from "zod";
import { emailVerifiedSchema, verificationLinkDetailsSchema, verificationLinkSchema } from "../../schema/api/auth";
import { acknowledgedSchema } from "../../schema/api/envelope";
import type { AppEnv } from "../env";
import { documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { clientIp } from "../middleware/session";
import {
  confirmVerificationLink,
  describeVerificationLink,
  rejectVerificationLink,
  VERIFICATION_PAGE,
} from "../services/auth/verification";

// /api/verify-email: the emailed verification link's calls (services/auth/verification.ts). Opening a link changes
// nothing; only the page's two POSTs do, so mail scanners that follow links verify and delete nothing.
export const emailVerificationRoutes = new Hono<AppEnv>()
  // The link in mail sent before the confirmation page existed: it now only leads to that page, verifying nothing.
  .get(
    "/",
    documented("Account", "Open an emailed verification link (older mail)", {
      redirect: "The verification link's page, which asks before verifying anything.",
    }),
    validate("query", z.object({ token: z.string().max(200).default("") })),
    (c) => {
      const { token } = c.req.valid("query");
      return c.redirect(token ? `${VERIFICATION_PAGE}?token=${encodeURIComponent(token)}` : VERIFICATION_PAGE, 302);
    },
  )

  // The page asks which account the link is for, to show its username.
  .get(
    "/details",
    documented("Account", "Name the account a verification link is for", { body: verificationLinkDetailsSchema }),
    validate("query", verificationLinkSchema),
    async (c) => {
      return c.json(await describeVerificationLink(c.var.deps, c.req.valid("query").token, clientIp(c)));
    },
  )

  // "Yes, this is my account": verifies it; every other sign-up waiting for the address is deleted.
  .post(
    "/confirm",
    documented("Account", "Verify the account's email address from its link", { body: emailVerifiedSchema }),
    validate("json", verificationLinkSchema),
    async (c) => {
      const { username } = await confirmVerificationLink(c.var.deps, c.req.valid("json").token, clientIp(c));
      return c.json({ success: true, username });
    },
  )

  // "No, I did not sign up": deletes that sign-up while it is unverified.
  .post(
    "/reject",
    documented("Account", "Refuse a verification link: delete the unverified sign-up it is for", {
      body: acknowledgedSchema,
    }),
    validate("json", verificationLinkSchema),
    async (c) => {
      await rejectVerificationLink(c.var.deps, c.req.valid("json").token, clientIp(c));
      return c.json({ success: true });
    },
  );
