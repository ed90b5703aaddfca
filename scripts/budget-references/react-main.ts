// The bare React page of `npm run budgets` (scripts/budgets.ts builds it with the same vite and React plugin as the
// SPA): React and react-dom render the reference text once, with no router, data or state library, so the SPA's
// figures over this page's are what our own code adds to React.
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { CLASSES, PARAGRAPHS, TITLE } from "./text.ts";

createRoot(document.getElementById("root")!).render(
  h(
    "main",
    { className: CLASSES.container },
    h("h1", { className: CLASSES.title }, TITLE),
    h(
      "div",
      { className: CLASSES.intro },
      PARAGRAPHS.map((text, i) => h("p", { key: i }, text)),
    ),
  ),
);
