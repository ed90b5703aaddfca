import type { EmailMessage } from "../../adapters/email";

// Security emails. They carry our own text and a link built on the server. The one thing a person typed that goes
// in is the username a verification mail is for (issue 26): the address's owner must see which account a link
// verifies, or a squatter's sign-up reads exactly like her own. Usernames are 3-32 of [A-Za-z0-9_.-]
// (schema/api/auth.ts), so no markup, spaces or sentences can ride along; names (first, last) never go in.

/** A paragraph: text, where `{ strong }` parts are set in bold in HTML and in quotes in plain text. */
type Paragraph = string | Array<string | { strong: string }>;

const plain = (p: Paragraph) =>
  typeof p === "string" ? p : p.map((part) => (typeof part === "string" ? part : `"${part.strong}"`)).join("");
const rich = (p: Paragraph) =>
  typeof p === "string"
    ? escapeHtml(p)
    : p
        .map((part) => (typeof part === "string" ? escapeHtml(part) : `<strong>${escapeHtml(part.strong)}</strong>`))
        .join("");

/**
 * A link that opens something (verifies, resets, signs in, joins): `secret` is its token, which the message carries as
 * EmailMessage.secret so that nothing but the mailbox keeps it (adapters/email withoutSecret).
 */
export interface SecretLink {
  href: string;
  secret: string;
}

function message(
  to: string,
  subject: string,
  paragraphs: Paragraph[],
  link?: { href: string; label: string; secret?: string },
): EmailMessage {
  const text = [
    ...paragraphs.slice(0, 1).map(plain),
    ...(link ? [link.href] : []),
    ...paragraphs.slice(1).map(plain),
  ].join("\n\n");
  const html = [
    `<p>${rich(paragraphs[0]!)}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...paragraphs.slice(1).map((p) => `<p>${rich(p)}</p>`),
  ].join("");
  return {
    to,
    subject,
    text: `Hello,\n\n${text}\n`,
    html: `<p>Hello,</p>${html}`,
    ...(link?.secret ? { secret: link.secret } : {}),
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The link opens a page that shows the username again and asks "Is this your account?"; nothing is verified until
 * the person confirms there (services/auth/verification.ts).
 */
export function verificationEmail(to: string, link: SecretLink, username: string): EmailMessage {
  return message(
    to,
    "Verify your StoryLoom email address",
    [
      ["Confirm the StoryLoom account ", { strong: username }, " to start using it with this email address:"],
      [
        "The page asks whether ",
        { strong: username },
        " is your account; nothing is verified until you confirm there. The link works once and expires in 24 hours.",
      ],
      [
        "If you did not create the StoryLoom account ",
        { strong: username },
        ', open the link and choose "No, I did not sign up" to delete it, or ignore this email: it will be deleted after 7 days.',
      ],
    ],
    { ...link, label: "Review and confirm my account" },
  );
}

export function alreadyRegisteredEmail(to: string, signInLink: string, resetLink: string): EmailMessage {
  return message(
    to,
    "You already have a StoryLoom account",
    [
      "Someone tried to create a StoryLoom account with this email address, which already has one. Sign in here:",
      `If you have forgotten your password, reset it at ${resetLink}. If it was not you, ignore this email: nothing has changed.`,
    ],
    { href: signInLink, label: "Sign in to StoryLoom" },
  );
}

export function passwordResetEmail(to: string, link: SecretLink): EmailMessage {
  return message(
    to,
    "Reset your StoryLoom password",
    [
      "Choose a new password for your StoryLoom account:",
      "The link works once and expires in 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, ignore this email: your password stays as it is.",
    ],
    { ...link, label: "Choose a new password" },
  );
}

export function teamInvitationEmail(to: string, link: SecretLink, days: number): EmailMessage {
  return message(
    to,
    "You're invited to a team on StoryLoom",
    [
      "You have been invited to join a team on StoryLoom, to work on its projects and user stories together. Accept the invitation here:",
      `Sign in or create an account with any email address to accept. The link works once and expires in ${days} days. If you were not expecting this, ignore this email.`,
    ],
    { ...link, label: "Accept the invitation" },
  );
}

/** A blocked sign-in's way in (services/auth/sign-in-link.ts). */
export function signInLinkEmail(to: string, link: SecretLink, resetLink: string): EmailMessage {
  return message(
    to,
    "Your StoryLoom sign-in link",
    [
      "Someone tried many wrong passwords on your StoryLoom account, so signing in from new devices and networks is paused for a while, and a sign-in link was asked for. If that was you, open this link in the browser you are signing in with, then enter your password:",
      "The link signs nobody in by itself: your password is still needed. It works once, only in the browser that opens it, and expires in 15 minutes.",
      `If it was not you, nobody can use this link without your mailbox, but someone may be guessing your password: reset it at ${resetLink}.`,
    ],
    { ...link, label: "Let this browser sign in" },
  );
}
