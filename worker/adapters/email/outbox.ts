import type { Database } from "../../data/db";
import { insertOutboxEmail, outboxContext } from "../../data/email-outbox";
import { logEvent } from "../../lib/log";
import { importSecretsKey, sealText } from "../../lib/secrets";
import { withoutSecret, type EmailSender } from "./index";

/**
 * No email provider configured: the message is stored (readable at GET /api/dev/outbox) and logged by subject.
 * What is stored in the open, and so what the account's data export shows, is the message without its secret (the
 * link reads `…?token=[removed]`). `sealingKey` is given only where APP_ENV is development or test (deps.ts): the
 * whole message is then also stored sealed, for the dev outbox reader; elsewhere the secret is stored nowhere, and
 * mail with a link cannot be followed from the outbox.
 */
export function createOutboxSender(db: Database, sealingKey: string | null): EmailSender {
  let key: Promise<CryptoKey> | undefined;
  return {
    kind: "outbox",
    async send(message) {
      const stored = withoutSecret(message);
      const whole = { text: message.text, html: message.html };
      let sealed: string | null = null;
      if (sealingKey && message.secret) {
        key ??= importSecretsKey(sealingKey);
        sealed = await sealText(await key, JSON.stringify(whole), outboxContext(message.to));
      }
      await insertOutboxEmail(db, { ...stored, sealed });
      logEvent("info", "email_outboxed", { subject: stored.subject });
    },
  };
}
