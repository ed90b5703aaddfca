export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The secret the message carries (its link's token), when it has one. It reaches the mailbox and nowhere else:
   * the HTTP sender sends only the fields above, and the outbox stores the message without it (`withoutSecret`).
   */
  secret?: string;
}

/** Sends one email. Implementations: outbox (development), HTTP email API (production), fake (tests). */
export interface EmailSender {
  readonly kind: "outbox" | "http" | "fake";
  send(message: EmailMessage): Promise<void>;
}

/** What stands for a removed secret in stored mail: the link stays readable, but opens nothing. */
export const REMOVED_SECRET = "[removed]";

/**
 * The message as anything but the mailbox may keep it (the outbox, and so the account's data export): every
 * occurrence of its secret, plain or URL-encoded, replaced by "[removed]".
 */
export function withoutSecret(message: EmailMessage): Omit<EmailMessage, "secret"> {
  const { secret, ...rest } = message;
  if (!secret) return rest;
  const forms = [...new Set([secret, encodeURIComponent(secret)])];
  const scrub = (value: string) => forms.reduce((out, form) => out.split(form).join(REMOVED_SECRET), value);
  return { ...rest, subject: scrub(rest.subject), text: scrub(rest.text), html: scrub(rest.html) };
}
