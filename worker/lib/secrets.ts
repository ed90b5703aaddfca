import { fromBase64, randomBytes, toBase64Url } from "./crypto";

// Third-party credentials at rest (JIRA API tokens, Notion secrets): AES-256-GCM under INTEGRATIONS_KEY, a random
// 96-bit IV per value, and additional data naming the owner and the integration's credential (its random, unique
// `secret_ref`), so a ciphertext copied onto another row (or another user's) does not decrypt. The stored form
// names its version for a later key rotation.

const VERSION = "v1";

/** Where a secret belongs; part of the authenticated data, never stored inside the ciphertext. */
export interface SecretBinding {
  ownerId: number;
  /** The integration's `secret_ref`: random and unique, known before the row is inserted (its id is not). */
  integrationRef: string;
}

const additionalData = (binding: SecretBinding) =>
  new TextEncoder().encode(`storyloom:integration:${binding.ownerId}:${binding.integrationRef}`);

/** The AES-256-GCM key from INTEGRATIONS_KEY: 32 bytes, base64 (e.g. `openssl rand -base64 32`). */
export async function importSecretsKey(base64: string): Promise<CryptoKey> {
  const raw = fromBase64(base64.trim());
  if (raw.length !== 32) throw new Error("INTEGRATIONS_KEY must be 32 bytes, base64-encoded");
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function encryptSecret(key: CryptoKey, plaintext: string, binding: SecretBinding): Promise<string> {
  return seal(key, plaintext, additionalData(binding));
}

/** The plaintext, or an error when the value was altered, moved to another binding, or sealed with another key. */
export async function decryptSecret(key: CryptoKey, stored: string, binding: SecretBinding): Promise<string> {
  return open(key, stored, additionalData(binding));
}

/**
 * The same sealing for other text kept at rest (the development outbox's whole messages, data/email-outbox.ts):
 * `context` names where it belongs (e.g. "outbox:ana@example.com") and is authenticated, not stored.
 */
export async function sealText(key: CryptoKey, plaintext: string, context: string): Promise<string> {
  return seal(key, plaintext, new TextEncoder().encode(`storyloom:${context}`));
}

export async function openText(key: CryptoKey, stored: string, context: string): Promise<string> {
  return open(key, stored, new TextEncoder().encode(`storyloom:${context}`));
}

async function seal(key: CryptoKey, plaintext: string, additionalData: Uint8Array): Promise<string> {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData },
    key,
    new TextEncoder().encode(plaintext),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

async function open(key: CryptoKey, stored: string, additionalData: Uint8Array): Promise<string> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !sealed) throw new Error("Unknown secret format");
  const opened = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv), additionalData },
    key,
    fromBase64(sealed),
  );
  return new TextDecoder().decode(opened);
}
