/**
 * Structured logs: one JSON object per line, so Workers Logs can filter on any field (requestId, status, upstream).
 * Only what an operator needs goes in: never secrets, tokens, passwords, email addresses or transcript text.
 * Messages that came from elsewhere (an SDK's error, an upstream body) pass through `redact` first.
 */
export type LogLevel = "info" | "warn" | "error";

export function logEvent(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, event, time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // Bearer / Basic credentials and API keys in the common vendor formats (OpenAI sk-…, Stripe sk_/rk_/whsec_…).
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [redacted]"],
  [/\b(sk|rk|pk|whsec)[-_][A-Za-z0-9_-]{6,}/g, "[redacted-key]"],
  // Stripe client secrets (pi_…_secret_…, seti_…_secret_…), Notion secrets (secret_…, ntn_…), Atlassian API tokens
  // (ATATT…), Resend keys (re_…), GitHub tokens (gho_, ghp_…), Google client secrets (GOCSPX-…).
  [/\b[A-Za-z0-9_]+_secret_[A-Za-z0-9]+/g, "[redacted-key]"],
  [/\b(secret|ntn|re|gh[opusr])_[A-Za-z0-9_-]{8,}/g, "[redacted-key]"],
  [/\b(ATATT|GOCSPX-)[A-Za-z0-9_=+/-]{8,}/g, "[redacted-key]"],
  // PEM private keys (Apple's .p8).
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, "[redacted-private-key]"],
  // key=value pairs whose name says secret.
  [
    /\b([A-Za-z_]*(?:key|token|secret|password|pepper)[A-Za-z_]*)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    "$1$2[redacted]",
  ],
  // Email addresses (personal data).
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, "[email]"],
  // Our own tokens (sessions, email links, invitations: 32 random bytes, 43 characters of base64url) and anything of
  // that shape: 32+ URL-safe characters mixing letters and digits. Request ids (req_ + 16) stay readable.
  [
    /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g,
    "[redacted-token]",
  ],
];

/** A message safe to log: known secret shapes masked, cut to `max` characters. */
export function redact(message: string, max = 300): string {
  let safe = message;
  for (const [pattern, replacement] of SECRET_PATTERNS) safe = safe.replace(pattern, replacement);
  return safe.length > max ? `${safe.slice(0, max)}…` : safe;
}

/** The message of an error's cause chain (outermost first), redacted: "what went wrong" without the payload. */
export function causeMessage(error: unknown): string | undefined {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current instanceof Error) {
      parts.push(`${current.name}: ${current.message}`);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.length > 0 ? redact(parts.join(" ← ")) : undefined;
}
