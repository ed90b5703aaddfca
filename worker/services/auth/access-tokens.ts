import {
  ACCESS_TOKEN_PREFIX,
  MAX_ACCESS_TOKENS,
  TOKEN_SCOPES,
  type AccessToken,
  type CreateAccessTokenInput,
  type CreatedAccessToken,
  type TokenScope,
} from "../../../schema/api/access-tokens";
import {
  deleteAccessToken,
  findAccessTokenUser,
  insertAccessToken,
  listAccessTokens,
  touchAccessToken,
  type AccessTokenRow,
} from "../../data/access-tokens";
import { findSubscription, type UserRow } from "../../data/users";
import type { Deps } from "../../deps";
import { AppError, notFound } from "../../lib/errors";
import { sha256Hex, toHex } from "../../lib/crypto";
import { effectiveTier, limitsFor } from "../plans";

// Personal access tokens (docs/decisions/2026-12-08-personal-access-tokens.md): `slp_`, 32 random base62 characters
// (190 bits) and a 6-character base62 checksum of them, so a secret scanner can tell a StoryLoom token from noise
// without asking us. Only the SHA-256 of the whole token is stored.

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = new RegExp(`^${ACCESS_TOKEN_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH + CHECKSUM_LENGTH}}$`);
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a token's "last used" is written at most: a busy script costs no write per call. */
const LAST_USED_EVERY_MS = 10 * 60_000;

/** Uniform base62 characters: bytes of 248 and above are dropped, so `% 62` favours none. */
function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** The first four bytes of SHA-256 over the secret, in base62, padded to six characters. */
async function checksum(secret: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
  let value = Number.parseInt(toHex(digest.subarray(0, 4)), 16);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** Whether `token` has a StoryLoom token's shape and a checksum that matches: no query for anything else. */
export async function isWellFormedAccessToken(token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(ACCESS_TOKEN_PREFIX.length);
  return (await checksum(body.slice(0, SECRET_LENGTH))) === body.slice(SECRET_LENGTH);
}

export async function newAccessTokenValue(): Promise<string> {
  const secret = randomBase62(SECRET_LENGTH);
  return `${ACCESS_TOKEN_PREFIX}${secret}${await checksum(secret)}`;
}

const scopesOf = (row: AccessTokenRow) => row.scopes.split(" ") as TokenScope[];

function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    hint: `${ACCESS_TOKEN_PREFIX}…${row.lastFour}`,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
  };
}

export async function listUserAccessTokens(deps: Deps, userId: number): Promise<AccessToken[]> {
  return (await listAccessTokens(deps.db, userId)).map(toAccessToken);
}

/**
 * The export scope needs a plan with integrations, as exporting does: for a personal access token and for an app's
 * OAuth grant alike (services/auth/mcp-authorization.ts).
 */
export async function requireExportPlan(deps: Deps, userId: number): Promise<void> {
  if (!limitsFor(effectiveTier(await findSubscription(deps.db, userId))).integrations) {
    throw new AppError("plan_limit", "The export scope needs a Pro or Enterprise plan");
  }
}

/**
 * Mints a token. The export scope needs a plan with integrations, as exporting does: a token cannot carry a scope its
 * owner's plan does not give (and loses it with the plan: migrations/0018_access_tokens.sql).
 */
export async function createAccessToken(
  deps: Deps,
  userId: number,
  input: CreateAccessTokenInput,
): Promise<CreatedAccessToken> {
  if (input.scopes.includes("export")) await requireExportPlan(deps, userId);
  const token = await newAccessTokenValue();
  const now = deps.now();
  const row = await insertAccessToken(
    deps.db,
    {
      userId,
      name: input.name,
      scopes: TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope)).join(" "),
      tokenHash: await sha256Hex(token),
      lastFour: token.slice(-4),
      expiresAt: input.expiresInDays === null ? null : now + input.expiresInDays * DAY_MS,
      createdAt: now,
    },
    MAX_ACCESS_TOKENS,
  );
  if (!row) {
    throw new AppError("plan_limit", `An account holds at most ${MAX_ACCESS_TOKENS} access tokens. Revoke one first.`);
  }
  return { accessToken: toAccessToken(row), token };
}

export async function revokeAccessToken(deps: Deps, userId: number, id: number): Promise<void> {
  if (!(await deleteAccessToken(deps.db, userId, id))) throw notFound("Access token");
}

export interface ResolvedAccessToken {
  id: number;
  user: UserRow;
  scopes: TokenScope[];
  expiresAt: number | null;
}

/** The live token `token` names, with its user: one query, plus a write at most every 10 minutes for "last used". */
export async function resolveAccessToken(deps: Deps, token: string): Promise<ResolvedAccessToken | null> {
  if (!(await isWellFormedAccessToken(token))) return null;
  const now = deps.now();
  const found = await findAccessTokenUser(deps.db, await sha256Hex(token), now);
  if (!found) return null;
  if (found.token.lastUsedAt === null || found.token.lastUsedAt < now - LAST_USED_EVERY_MS) {
    await touchAccessToken(deps.db, found.token.id, now, LAST_USED_EVERY_MS);
  }
  return { id: found.token.id, user: found.user, scopes: scopesOf(found.token), expiresAt: found.token.expiresAt };
}
