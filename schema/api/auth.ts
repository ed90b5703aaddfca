import * as z from "zod";
import { singleLineText } from "./text";

/** Shared by the Worker (validation) and the SPA (form checks and types). No drizzle imports here. */

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const loginSchema = z.object({
  // Username or email address.
  username: z.string().trim().min(1, "Username or email is required").max(254),
  password: z.string().min(1, "Password is required").max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

const optionalName = singleLineText("Names")
  .max(64)
  .optional()
  .transform((v) => (v ? v : undefined));

/** docs/product-decisions.md: 8–128 characters, no composition rules (common passwords are refused on the server). */
export const newPasswordSchema = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");

export const registerSchema = z.object({
  username: singleLineText("Usernames")
    .min(3, "Username must be 3-32 characters")
    .max(32, "Username must be 3-32 characters")
    .regex(USERNAME_PATTERN, "Username may contain letters, digits, '_', '-' and '.' only"),
  password: newPasswordSchema,
  email: z
    .union([z.literal(""), z.email("Enter a valid email address").max(254)])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  firstName: optionalName,
  lastName: optionalName,
});
/** What the sign-up form sends. */
export type RegisterInput = z.input<typeof registerSchema>;
/** The same after validation (trimmed, email lower-cased, empty optional fields removed): what the server uses. */
export type RegisterValues = z.output<typeof registerSchema>;

export const passwordResetRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address").max(254)),
});

export const passwordResetSchema = z.object({
  token: z.string().min(1, "The reset link is incomplete").max(200),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password").max(128),
  newPassword: newPasswordSchema,
});

export const resendVerificationSchema = z.object({
  // The address kept by the client; a username is accepted too (docs/product-spec.md §3: the username is "used as the address").
  email: z.string().trim().min(1).max(254),
});

/**
 * The token of an emailed verification link, sent by its page (web/app/routes/verify-email-confirm.tsx) as a query
 * parameter (the details) or in a JSON body (confirm, reject). Its form is checked by the service, which answers
 * "not valid" like an unknown token.
 */
export const verificationLinkSchema = z.object({
  token: z.string().min(1, "The verification link is incomplete").max(200),
});

/** GET /api/verify-email/details: the account a verification link is for. */
export const verificationLinkDetailsSchema = z.object({
  username: z.string().nullable().describe("The account's username (null for an account without one)."),
  email: z.string().describe("The address the link verifies."),
});
export type VerificationLinkDetails = z.infer<typeof verificationLinkDetailsSchema>;

/** POST /api/verify-email/confirm: the account is verified; the page names it. */
export const emailVerifiedSchema = z.object({
  success: z.literal(true),
  username: z.string().nullable().describe("The username of the account just verified."),
});

/** What GET /api/user and the login/register calls return. The password hash never leaves the server. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean().describe("A platform admin."),
  // docs/product-spec.md §3: "password (present for password accounts)"
  hasPassword: z.boolean().describe("True when the account signs in with a password."),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /api/register: signed in at once, or told to verify the address first (no session then). */
export const registerResponseSchema = z.union([
  z
    .object({
      emailVerificationRequired: z.literal(true),
      email: z.string().describe("Where the verification link went."),
    })
    .describe("The account waits for its address to be verified; nobody is signed in."),
  publicUserSchema
    .extend({ emailVerificationRequired: z.literal(false).optional() })
    .describe("The new account, signed in."),
]);
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** GET /api/auth/providers: which sign-in providers are configured (the sign-in screen shows only these). */
export const authProvidersSchema = z.object({ google: z.boolean(), github: z.boolean(), apple: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * The answer to a request for an emailed link (sign-in, verification, password reset): the same whether or not an
 * account exists, so the call cannot tell which do.
 */
export const mailRequestedSchema = z.object({
  success: z.literal(true),
  message: z.string().describe("What to expect, in words for the person who asked."),
});
