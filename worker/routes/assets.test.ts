import { describe, expect, it } from "vitest";
import { SPA_PAGES } from "../../schema/web/pages";
import { call } from "../test/client";

const IMMUTABLE = "public, max-age=31536000, immutable";
const INDEX_HTML = "<!doctype html><html><body><div id=root></div></body></html>";

/**
 * The static-assets layer as `wrangler dev` shows it: a build file with web/public/_headers' caching, and for any
 * other path the SPA's index.html (not_found_handling), with the /assets/* headers all the same.
 */
function assetLayer(files: Record<string, { body: string; type: string }>) {
  const requested: string[] = [];
  const conditional: (string | null)[] = [];
  const binding = {
    async fetch(request: Request) {
      const path = new URL(request.url).pathname;
      requested.push(`${request.method} ${path}`);
      conditional.push(request.headers.get("If-None-Match"));
      const file = files[path] ?? { body: INDEX_HTML, type: "text/html; charset=utf-8" };
      return new Response(request.method === "HEAD" ? null : file.body, {
        headers: { "Content-Type": file.type, "Cache-Control": IMMUTABLE, ETag: '"abc"' },
      });
    },
  };
  return { env: { ASSETS: binding as unknown as Fetcher }, requested, conditional };
}

/** The build's prerendered pages (schema/web/pages.ts), each its own HTML file served at its name. */
const PRERENDERED = Object.fromEntries(
  ["/landing", "/auth", "/auth-signup", "/privacy-policy", "/terms-of-service", "/not-found"].map((path) => [
    path,
    { body: `<!doctype html><div id=root data-prerendered>${path}</div>`, type: "text/html; charset=utf-8" },
  ]),
) as Record<string, { body: string; type: string }>;

const BUILD = {
  "/assets/index-abc123.js": { body: "export {};", type: "application/javascript" },
  "/assets/index-abc123.css": { body: "body{}", type: "text/css; charset=utf-8" },
};

describe("GET /assets/*", () => {
  it("serves a build file as the asset layer answers it, immutable caching included", async () => {
    const layer = assetLayer(BUILD);
    for (const path of Object.keys(BUILD)) {
      const response = await call("GET", path, { env: layer.env });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe(IMMUTABLE);
      expect(await response.text()).toBe(BUILD[path as keyof typeof BUILD].body);
      // Answered before any middleware ran (no request id, deps or session for a static file).
      expect(response.headers.get("X-Request-Id")).toBeNull();
    }
    expect(layer.requested).toEqual(Object.keys(BUILD).map((path) => `GET ${path}`));
  });

  it("answers a missing build file with a 404 nothing may store, instead of the SPA page marked immutable", async () => {
    const layer = assetLayer(BUILD);
    for (const method of ["GET", "HEAD"]) {
      for (const path of ["/assets/missing.js", "/assets/index-old999.css", "/assets/deep/er/chunk.js"]) {
        const response = await call(method, path, { env: layer.env });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
        expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
        if (method === "GET") expect(await response.text()).toBe("Not found");
      }
    }
  });

  it("a navigation to a missing build file is a 404 too (the browser sends Sec-Fetch-Mode: navigate)", async () => {
    const layer = assetLayer(BUILD);
    const response = await call("GET", "/assets/missing.js", {
      env: layer.env,
      headers: { "Sec-Fetch-Mode": "navigate", Accept: "text/html" },
    });
    expect(response.status).toBe(404);
  });
});

describe("pages", () => {
  const FILES = {
    "/favicon.svg": { body: "<svg/>", type: "image/svg+xml" },
    "/robots.txt": { body: "User-agent: *", type: "text/plain" },
  };

  it("a page of the SPA is its index.html with 200, a parameter or a trailing slash included", async () => {
    const layer = assetLayer(FILES);
    for (const path of [
      "/dashboard",
      "/generate",
      "/projects/12/settings",
      "/project/abc",
      "/team/accept/tok_1",
      "/history/",
      "/verify-email",
    ]) {
      const response = await call("GET", path, { env: layer.env });
      expect(response.status, path).toBe(200);
      // the SPA's own headers (web/public/_headers), never the API's "default-src 'none'"
      expect(response.headers.get("Content-Security-Policy"), path).toBeNull();
      expect(await response.text()).toBe(INDEX_HTML);
    }
    expect(layer.requested).not.toContainEqual(expect.stringMatching(/landing|auth|privacy|terms|not-found/));
  });

  it("a page prerendered at build time is answered with its own file, the query deciding only /auth's tab", async () => {
    const layer = assetLayer({ ...FILES, ...PRERENDERED });
    for (const [path, file] of [
      ["/", "/landing"],
      ["/?utm_source=mail", "/landing"],
      ["/auth", "/auth"],
      ["/auth?verified=1", "/auth"],
      ["/auth?tab=signup", "/auth-signup"],
      ["/auth?tab=signin", "/auth"],
      ["/privacy-policy", "/privacy-policy"],
      ["/terms-of-service/", "/terms-of-service"],
    ] as const) {
      layer.requested.length = 0;
      const response = await call("GET", path, { env: layer.env, headers: { "If-None-Match": '"abc"' } });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(PRERENDERED[file]!.body);
      expect(layer.requested, path).toEqual([`GET ${file}`]);
      // the conditional request travels with it (the layer answers 304 for an unchanged file)
      expect(layer.conditional.at(-1), path).toBe('"abc"');
    }
  });

  it("a path that is no page answers 404 with the prerendered not-found screen", async () => {
    const layer = assetLayer({ ...FILES, ...PRERENDERED });
    for (const path of ["/no-such-page", "/dashboard/extra", "/projects/12", "/teams", "/landing", "/auth-signup"]) {
      const response = await call("GET", path, { env: layer.env });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(await response.text()).toBe(PRERENDERED["/not-found"]!.body);
    }
  });

  it("without a not-found file (a build of the shell only) a missing page is still the SPA with 404", async () => {
    const layer = assetLayer(FILES);
    const response = await call("GET", "/no-such-page", { env: layer.env });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it("a file of web/public is served as the asset layer has it; /api and /auth keep their JSON 404", async () => {
    const layer = assetLayer(FILES);
    const icon = await call("GET", "/favicon.svg", { env: layer.env });
    expect(icon.status).toBe(200);
    expect(await icon.text()).toBe("<svg/>");
    for (const path of ["/api/no-such-call", "/auth/no/such/path"]) {
      const response = await call("GET", path, { env: layer.env });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    }
  });

  it("lists every route of web/app/routes.tsx, and no other", async () => {
    const source = (await import("../../web/app/routes.tsx?raw")).default as string;
    const routed = [...source.matchAll(/<Route path="([^"*]+)"/g)].map((m) => `/${m[1]}`);
    expect(source).toMatch(/<Route index /);
    expect([...SPA_PAGES].sort()).toEqual(["/", ...routed].sort());
  });
});
