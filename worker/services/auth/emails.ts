import type { EmailMessage } from "../../adapters/email";

// Security emails. They carry only our own text and a link built on the server: nothing a person typed (a name, a
// username) goes into mail that may reach someone else's inbox.

function message(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }): EmailMessage {
  const text = [...paragraphs.slice(0, 1), ...(link ? [link.href] : []), ...paragraphs.slice(1)].join("\n\n");
  const html = [
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join("");
  return { to, subject, text: `Hello,\n\n${text}\n`, html: `<p>Hello,</p>${html}` };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function verificationEmail(to: string, link: string): EmailMessage {
  return message(
    to,
    "Verify your StoryLoom email address",
    [
      "Confirm this email address to start using your new StoryLoom account:",
      "The link works once and expires in 24 hours. If you did not create a StoryLoom account, ignore this email: the account will be deleted after 7 days.",
    ],
    { href: link, label: "Verify my email" },
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

export function passwordResetEmail(to: string, link: string): EmailMessage {
  return message(
    to,
    "Reset your StoryLoom password",
    [
      "Choose a new password for your StoryLoom account:",
      "The link works once and expires in 1 hour. Setting a new password signs you out everywhere. If you did not ask for this, ignore this email: your password stays as it is.",
    ],
    { href: link, label: "Choose a new password" },
  );
}

export function teamInvitationEmail(to: string, link: string, days: number): EmailMessage {
  return message(
    to,
    "You're invited to a team on StoryLoom",
    [
      "You have been invited to join a team on StoryLoom, to work on its projects and user stories together. Accept the invitation here:",
      `Sign in or create an account with any email address to accept. The link works once and expires in ${days} days. If you were not expecting this, ignore this email.`,
    ],
    { href: link, label: "Accept the invitation" },
  );
}
