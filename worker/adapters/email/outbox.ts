import type { Database } from "../../data/db";
import { insertOutboxEmail } from "../../data/email-outbox";
import { logEvent } from "../../lib/log";
import type { EmailSender } from "./index";

/** Development and test: store the message (readable at GET /api/dev/outbox) and log that it was sent. */
export function createOutboxSender(db: Database): EmailSender {
  return {
    kind: "outbox",
    async send(message) {
      await insertOutboxEmail(db, message);
      logEvent("info", "email_outboxed", { subject: message.subject });
    },
  };
}
