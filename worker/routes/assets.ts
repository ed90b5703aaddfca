import type { Context } from "hono";
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
