import type { Context } from "hono";
import { isSpaPage, NOT_FOUND_PAGE, prerenderedFileFor } from "../../schema/web/pages";
import type { AppEnv } from "../env";

/**
 * GET /assets/*: the SPA's build files, through the static-assets layer. wrangler.toml runs the Worker first for
 * these paths because that layer answers a missing file with index.html (the SPA fallback), which web/public/_headers
 * then marks immutable for a year under the missing file's name: a browser or CDN that asked for a chunk of an older
 * build would keep an HTML page as that script. Vite writes only hashed scripts, styles, fonts and images under
 * /assets, never HTML, so an HTML answer here is that fallback and becomes a 404 nothing may store.
 */
export async function serveBuildFile(c: Context<AppEnv>): Promise<Response> {
  const response = await c.env.ASSETS.fetch(c.req.raw);
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  return c.text("Not found", 404, {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // runs before the API's security headers (app.ts), so it carries their policy itself: nothing may render it
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
}

/**
 * Any other GET outside the API: a file of web/public (favicon, robots.txt) as the static-assets layer has it, or a
 * page. wrangler.toml runs the Worker first for every path so that a path that is no page of the SPA
 * (schema/web/pages.ts) answers 404 with the prerendered not-found screen, and so that the pages prerendered at build
 * time are answered with their own file (a choice of file, no rendering here); any other page is the SPA's shell as
 * the layer serves it, its headers (web/public/_headers) included.
 */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  if (isSpaPage(url.pathname)) {
    const file = prerenderedFileFor(url.pathname, url.searchParams);
    return c.env.ASSETS.fetch(file ? assetRequest(c.req.raw, file) : c.req.raw);
  }
  const response = await c.env.ASSETS.fetch(c.req.raw);
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  // the layer's fallback (the shell): the not-found screen's own file instead, drawn before any script runs
  const notFound = await c.env.ASSETS.fetch(assetRequest(c.req.raw, NOT_FOUND_PAGE.file));
  return new Response(notFound.body, { status: 404, headers: notFound.headers });
}

/** The same request (method, conditional headers) for one of the build's HTML files, by its name without .html. */
function assetRequest(request: Request, file: string): Request {
  return new Request(new URL(`/${file}`, request.url), request);
}
