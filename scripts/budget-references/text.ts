// The words both reference pages of `npm run budgets` show (scripts/budgets.ts): a page title and an introduction about
// as long as the top of /privacy-policy or the landing page, in the classes web/components/legal-page.tsx uses, so the
// reference's largest paint is text of the same size and weight in the same stylesheet.
export const TITLE = "Turn meeting transcripts into user stories";
export const PARAGRAPHS = [
  "StoryLoom provides a web application that turns meeting and product-management transcripts into epics and user " +
    "stories, with acceptance criteria, priority, story points and estimated hours that people edit and export.",
  "Paste a transcript or upload a recording, choose a project, and the stories come back in seconds. Every quote is " +
    "checked against what was said, and a coverage report shows which parts of the meeting no story covers yet.",
  "Teams work together in shared projects, export to JIRA, Notion, Linear, GitHub Issues or Azure DevOps exactly " +
    "once, and keep every edit next to the original so nothing the generator wrote is lost.",
];
export const CLASSES = {
  container: "mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10",
  title: "text-3xl font-bold tracking-tight text-ink sm:text-4xl",
  intro: "mt-6 space-y-4 text-base leading-relaxed text-slate-700",
};

/** The static reference: the same text as plain HTML with the SPA's stylesheet links (`head`) and no script. */
export function staticPageHtml(head: string): string {
  return [
    "<!doctype html>",
    '<html lang="en-GB">',
    "<head>",
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    "<title>Budget reference: static page</title>",
    head,
    "</head>",
    "<body>",
    `<main class="${CLASSES.container}">`,
    `<h1 class="${CLASSES.title}">${TITLE}</h1>`,
    `<div class="${CLASSES.intro}">${PARAGRAPHS.map((text) => `<p>${text}</p>`).join("")}</div>`,
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
