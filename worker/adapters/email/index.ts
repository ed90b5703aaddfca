import type { Database } from "../../data/db";
import { insertOutboxEmail } from "../../data/email-outbox";
import { AppError } from "../../lib/errors";
import { fetchWithTimeout } from "../../lib/http";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailSender {
  readonly kind: "outbox" | "http";
  send(message: EmailMessage): Promise<void>;
}

/** Development and test: store the message (readable at GET /api/dev/outbox) and log it. */
export function createOutboxSender(db: Database): EmailSender {
  return {
    kind: "outbox",
    async send(message) {
      await insertOutboxEmail(db, message);
      console.log(`[email outbox] to=${message.to} subject=${JSON.stringify(message.subject)}`);
    },
  };
}

/**
 * Production: a Resend-compatible HTTP email API (`POST {from,to,subject,text,html}` with a bearer key).
 * Postmark, SendGrid and others differ only in this body; swap the mapping here if you change provider.
 */
export function createHttpSender(options: { apiKey: string; apiUrl: string; from: string }): EmailSender {
  return {
    kind: "http",
    async send(message) {
      const response = await fetchWithTimeout(options.apiUrl, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ...message, from: options.from, to: [message.to] }),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new AppError("upstream_error", `Email provider answered ${response.status}`);
      }
      await response.body?.cancel();
    },
  };
}
