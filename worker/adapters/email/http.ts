import { AppError } from "../../lib/errors";
import { fetchWithTimeout } from "../../lib/http";
import type { EmailSender } from "./index";

/**
 * Production: a Resend-compatible HTTP email API (`POST {from,to,subject,text,html}` with a bearer key).
 * Postmark, SendGrid and others differ only in this body; swap the mapping here if you change provider.
 */
export function createHttpSender(options: { apiKey: string; apiUrl: string; from: string }): EmailSender {
  return {
    kind: "http",
    async send(message) {
      const response = await fetchWithTimeout(
        options.apiUrl,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
          // the fields the provider takes, by name: nothing else on the message leaves (EmailMessage.secret)
          body: JSON.stringify({
            from: options.from,
            to: [message.to],
            subject: message.subject,
            text: message.text,
            html: message.html,
          }),
        },
        "email",
      );
      await response.body?.cancel();
      if (!response.ok) {
        throw new AppError("upstream_error", `Email provider answered ${response.status}`, { upstream: "email" });
      }
    },
  };
}
