// A Vite plugin for the SPA build (web/vite.config.ts): one HTML page per page people land on. For the pages a visitor
// lands on signed out (schema/web/pages.ts PRERENDERED_PAGES: /landing.html, /auth.html…) that is the page itself,
// rendered at build time by React's static renderer (web/prerender.tsx) and hydrated in the browser (web/main.tsx);
// for the signed-in ones (/dashboard.html…) it is index.html plus <link rel="modulepreload"> for the code that page's
// first render needs.
//
// Why the links: a lazy layout asks for its page's chunk only once it has rendered, and the whole app waits for index.js to
// run first, so a first visit fetched index.js, then the layout, then the page, then their imports. With the links
// the browser fetches them all while index.js is still downloading. Cloudflare's static assets (and `wrangler dev`)
// answer /dashboard with dashboard.html when it exists (html_handling "auto-trailing-slash"), and the Worker picks the
// prerendered files (worker/routes/assets.ts); any other path still gets index.html, which stays lean. Measured with Lighthouse's mobile profile: docs/decisions/2026-11-24-phone-first-load-issue-20.md.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { NOT_FOUND_PAGE, PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES } from "../schema/web/pages.ts";

/** Each landing page (its HTML file's name) and the modules its first render loads lazily, relative to web/. */
export const ENTRY_PAGES: Record<string, readonly string[]> = {
  dashboard: ["app/layouts/app-layout.tsx", "app/routes/dashboard.tsx"],
  generate: ["app/layouts/app-layout.tsx", "app/routes/generate.tsx"],
  history: ["app/layouts/app-layout.tsx", "app/routes/history.tsx"],
};

interface BuiltChunk {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}

/** Each prerendered page's HTML by file name, from a server build of web/prerender.tsx next to dist/web. */
async function prerenderPages(webRoot: string, outDir: string): Promise<Map<string, string>> {
  const serverDir = join(outDir, "../prerender");
  await build({
    configFile: false,
    root: webRoot,
    logLevel: "warn",
    plugins: [react()],
    build: { ssr: "prerender.tsx", outDir: serverDir, emptyOutDir: true, minify: false },
  });
  const { renderPage } = (await import(pathToFileURL(join(serverDir, "prerender.js")).href)) as {
    renderPage: (url: string) => Promise<string>;
  };
  const pages = new Map<string, string>();
  for (const page of [...PRERENDERED_PAGES, NOT_FOUND_PAGE]) {
    const html = await renderPage(page.url);
    // a script (which the pages' Content-Security-Policy would block) or a boundary left pending or failed would
    // make the browser render the page anew instead of taking over this markup
    if (/<script|<!--\$[?!]-->/.test(html)) throw new Error(`entry-html: ${page.url} did not render to plain HTML`);
    pages.set(page.file, html);
  }
  return pages;
}

/**
 * index.html with a prerendered page in its root. React writes the page's <title> ahead of the markup when it renders
 * a part of a document; it moves to the head, in place of the shell's.
 */
function withPage(html: string, rendered: string): string {
  const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0];
  if (!title) throw new Error("entry-html: a prerendered page has no <title> first");
  return (
    html
      .replace(/<title>[^<]*<\/title>/, title)
      // the shell's root is one line of web/index.html
      .replace(
        /<div id="root">.*$/m,
        () => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${rendered.slice(title.length)}</div>`,
      )
  );
}

export function entryHtmlPages(webRoot: string): Plugin {
  return {
    name: "storyloom-entry-html",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const chunks = Object.values(bundle).filter(
        (file): file is BuiltChunk & (typeof bundle)[string] => file.type === "chunk",
      );
      const index = bundle["index.html"];
      if (!index || index.type !== "asset") throw new Error("entry-html: index.html is not in the bundle");
      const html = String(index.source);
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));

      // What index.html already loads: the entry and its static imports.
      const alreadyLoaded = new Set<string>();
      const addWithImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName) || alreadyLoaded.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) addWithImports(imported, into);
      };
      for (const entry of chunks.filter((c) => c.isEntry)) addWithImports(entry.fileName, alreadyLoaded);

      // A prerendered page paints from its HTML and CSS alone, so its chunks are not preloaded: fetched at high
      // priority they would share a phone's bandwidth with the stylesheet that the first paint waits for, to speed
      // up only the hydration that follows it (measured: docs/decisions/2026-12-07-prerendered-entry-pages.md).
      for (const [page, content] of await prerenderPages(webRoot, outDir)) {
        writeFileSync(join(outDir, `${page}.html`), withPage(html, content));
      }
      for (const [page, modules] of Object.entries(ENTRY_PAGES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(join(webRoot, module));
          if (!chunk) throw new Error(`entry-html: no chunk for ${module} (was it renamed?)`);
          addWithImports(chunk.fileName, files);
        }
        const links = [...files].map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`).join("\n");
        writeFileSync(join(outDir, `${page}.html`), html.replace(/\n\s*<\/head>/, `\n${links}\n  </head>`));
      }
    },
  };
}
