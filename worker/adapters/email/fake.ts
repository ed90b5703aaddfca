import type { EmailMessage, EmailSender } from "./index";

/** Tests: keeps what was sent; `failWith` makes every send throw, for the error paths. */
export function createFakeEmailSender(options: { failWith?: Error } = {}): EmailSender & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    kind: "fake",
    sent,
    async send(message) {
      if (options.failWith) throw options.failWith;
      sent.push(message);
    },
  };
}
