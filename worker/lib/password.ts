import { fromBase64, hmacSha256, randomBytes, timingSafeEqual, toBase64Url } from "./crypto";

/**
 * PBKDF2-SHA256 with a secret pepper. 100,000 iterations is the maximum the deployed Workers runtime
 * accepts (local workerd has no cap, so a test pins this constant).
 *
 * Stored form: `pbkdf2-sha256$<iterations>$<salt b64url>$<hash b64url>`. The password is first keyed with the
 * pepper (HMAC-SHA256), so a stolen database alone is not enough for offline guessing. Because the string
 * names its parameters, a future change of iterations can rehash on the next successful login.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number) {
  const peppered = await hmacSha256(pepper, password);
  const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export interface PasswordCheck {
  valid: boolean;
  /** True when the stored hash uses other parameters than today's and should be replaced. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<PasswordCheck> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) {
    return { valid: false, needsRehash: false };
  }
  // Never ask the runtime for more than it allows: such a hash could not have been made here.
  if (iterations > PBKDF2_ITERATIONS) return { valid: false, needsRehash: false };
  const expected = fromBase64(hashText);
  const actual = await derive(password, pepper, fromBase64(saltText), iterations);
  const valid = timingSafeEqual(actual, expected);
  return { valid, needsRehash: valid && iterations !== PBKDF2_ITERATIONS };
}

/** A deliberately slow no-op so unknown usernames take as long as wrong passwords. */
export async function burnPasswordTime(password: string, pepper: string): Promise<void> {
  await derive(password, pepper, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
}
