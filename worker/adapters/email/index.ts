export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one email. Implementations: outbox (development), HTTP email API (production), fake (tests). */
export interface EmailSender {
  readonly kind: "outbox" | "http" | "fake";
  send(message: EmailMessage): Promise<void>;
}
