import { describe, expect, it } from "vitest";
import { fromBase64, toBase64Url } from "./crypto";
import { maskSecret } from "../../schema/api/secret-mask";
import { decryptSecret, encryptSecret, importSecretsKey } from "./secrets";

const KEY = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => i)));
const OTHER_KEY = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => 255 - i)));
const binding = { ownerId: 7, integrationRef: "ref-a" };

describe("integration secrets at rest", () => {
  it("round-trips, with a fresh IV every time and no plaintext in the stored form", async () => {
    const key = await importSecretsKey(KEY);
    const token = "ATATT3xFfGF0-a-jira-api-token-1234";
    const [first, second] = [await encryptSecret(key, token, binding), await encryptSecret(key, token, binding)];
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toContain("1234");
    expect(await decryptSecret(key, first, binding)).toBe(token);
  });

  it("does not open for another owner or integration, another key, or an altered value", async () => {
    const key = await importSecretsKey(KEY);
    const stored = await encryptSecret(key, "secret_notion_abcdef", binding);
    await expect(decryptSecret(key, stored, { ownerId: 8, integrationRef: "ref-a" })).rejects.toThrow();
    await expect(decryptSecret(key, stored, { ownerId: 7, integrationRef: "ref-b" })).rejects.toThrow();
    await expect(decryptSecret(await importSecretsKey(OTHER_KEY), stored, binding)).rejects.toThrow();
    const [version, iv, sealed] = stored.split(".");
    const bytes = fromBase64(sealed!);
    bytes[0]! ^= 1;
    const flipped = toBase64Url(bytes);
    await expect(decryptSecret(key, `${version}.${iv}.${flipped}`, binding)).rejects.toThrow();
    await expect(decryptSecret(key, `v2.${iv}.${sealed}`, binding)).rejects.toThrow("Unknown secret format");
  });

  it("refuses a key that is not 32 bytes", async () => {
    await expect(importSecretsKey(btoa("short"))).rejects.toThrow("INTEGRATIONS_KEY must be 32 bytes");
  });

  it("masks to the last four characters, and short secrets entirely", () => {
    expect(maskSecret("ATATT3xFfGF0-a-jira-api-token-1234")).toBe("••••1234");
    expect(maskSecret("abc123")).toBe("••••");
  });
});
