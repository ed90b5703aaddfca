import * as z from "zod";

// Personal access tokens: what scripts and agents call the API with (docs/decisions/2026-12-08-personal-access-tokens.md).

/**
 * What a token may do. `read`: see projects, transcripts, stories and generations. `write`: change them. `generate`:
 * run generations and quality checks (they count against the plan like the browser's). `export`: push stories to a
 * project's tracker (a paid feature: the token dies when the plan loses it).
 */
export const TOKEN_SCOPES = ["read", "write", "generate", "export"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** How long a new token lives; null is "no expiry", allowed but warned against on the account page. */
export const TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;

/** How many tokens one account holds at most. */
export const MAX_ACCESS_TOKENS = 20;

/** The prefix every token starts with, so a leaked one is recognisable (and checkable offline: its checksum). */
export const ACCESS_TOKEN_PREFIX = "slp_";

export const createAccessTokenSchema = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(80, "Name must be at most 80 characters"),
  scopes: z
    .array(tokenScopeSchema)
    .min(1, "Choose at least one scope")
    .max(TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope may be listed once"),
  expiresInDays: z.union([z.literal(TOKEN_LIFETIMES_DAYS), z.null()]),
});
export type CreateAccessTokenInput = z.infer<typeof createAccessTokenSchema>;

export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(tokenScopeSchema),
  /** The token's prefix and last four characters ("slp_…a1B2"), to tell tokens apart; the token itself is never shown again. */
  hint: z.string(),
  createdAt: z.number(),
  /** Epoch ms, or null for a token without expiry. */
  expiresAt: z.number().nullable(),
  /** Epoch ms of the last call made with it (to within 10 minutes), or null. */
  lastUsedAt: z.number().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The answer to a creation: the only time the token itself is shown. */
export const createdAccessTokenSchema = z.object({ accessToken: accessTokenSchema, token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;
