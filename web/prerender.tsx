// The build's server entry (scripts/vite-entry-html.ts): renders a page of the SPA to HTML once, at build time, for
// the pages people land on signed out. Nothing renders on the Worker per request.
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppWithoutRouter } from "./app/app";

/**
 * The HTML of `path` as the SPA's first render draws it for a visitor whose session is not known yet. The static
 * renderer waits for the page's lazy chunks, so the markup is the page itself, not its loading state.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppWithoutRouter />
      </StaticRouter>
    </StrictMode>,
    // React writes a large boundary apart from the page with an inline script that moves it in, so that a stream can
    // paint sooner; a file served whole gains nothing from that, and the pages' Content-Security-Policy blocks scripts
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
