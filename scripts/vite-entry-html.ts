// A Vite plugin for the SPA build (web/vite.config.ts): one HTML page per page people land on (/auth.html,
// /dashboard.html…), each index.html plus <link rel="modulepreload"> for the code that page's first render needs.
//
// Why: a lazy layout asks for its page's chunk only once it has rendered, and the whole app waits for index.js to
// run first, so a first visit fetched index.js, then the layout, then the page, then their imports. With the links
// the browser fetches them all while index.js is still downloading. Cloudflare's static assets (and `wrangler dev`)
// answer /auth with auth.html when it exists (html_handling "auto-trailing-slash"); any other path still gets
// index.html, which stays lean. Measured with Lighthouse's mobile profile: docs/decisions/2026-11-24-phone-first-load-issue-20.md.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** Each landing page (its HTML file's name) and the modules its first render loads lazily, relative to web/. */
export const ENTRY_PAGES: Record<string, readonly string[]> = {
  auth: ["app/layouts/auth-layout.tsx", "app/routes/auth.tsx"],
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

export function entryHtmlPages(webRoot: string): Plugin {
  return {
    name: "storyloom-entry-html",
    apply: "build",
    writeBundle(options, bundle) {
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
