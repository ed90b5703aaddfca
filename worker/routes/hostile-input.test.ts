import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { app } from "../app";
import worker from "../index";
import type { Bindings } from "../bindings";
import { ORIGIN } from "../test/client";
import { TOKEN_SCOPES } from "../../schema/api/access-tokens";
import { createAccessTokenFor, createProject, createTranscripts, createUser, setTier } from "../test/factories";

/** The MCP server's tools (routes/mcp-tools.ts), named in hostile tools/call requests. */
const MCP_TOOLS = [
  "list_projects",
  "list_transcripts",
  "get_stories",
  "generate_stories",
  "get_generation",
  "check_stories",
  "coverage_report",
  "export_stories",
];

// Property-based hostile input (issue 20): every /api route gets generated bodies, path parameters and query strings
// (wrong types, huge and empty strings, deep nesting, prototype keys, lone surrogates and control characters, huge
// and negative numbers, duplicate keys, wrong content types). Every answer must be below 500, a refusal must be in the
// shared error shape, and a refusal must write nothing.

/** Routes whose effect is the caller's own session or account, or development helpers: not hammered here. */
const SKIPPED = new Set([
  "POST /api/logout",
  "GET /api/logout",
  "DELETE /api/user/delete-account",
  "POST /api/dev/seed",
  "POST /api/dev/sample-transcripts",
  "POST /api/dev/subscription",
]);
/**
 * Generated requests per route, 50 × 84 routes = 4,200 requests in 25-40 s on 2 cores; each route has its own seed, so
 * the 4,200 are different requests (one seed for all gave every route the same 50). Half of a route's requests carry
 * the test user's real ids and so reach the route's own validation; the other half carry hostile path parameters.
 * The test counts, per route, the requests that reached validation with a JSON body under a JSON content type and
 * (for routes with parameters) those with hostile parameters, and fails if a route got fewer than MIN_PER_ROUTE of
 * either. With these seeds the fewest are 4 and 20 at 50 per route, 2 and 9 at 30, 1 and 5 at 20: fewer runs would
 * leave routes whose validation saw next to nothing. fast-check's default is 100.
 */
const RUNS_PER_ROUTE = 50;
const MIN_PER_ROUTE = 3;

const routes = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${r.path.replace(/\/$/, "")}`),
  ),
]
  .filter((r) => !SKIPPED.has(r))
  .sort();

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "\udfff",
    "__proto__",
    "constructor",
    "../../etc/passwd",
    "%00",
    "%E0%A4%A",
    "<script>alert(1)</script>",
    "'; DROP TABLE users; --",
    "NaN",
    "-1",
    "0",
    "1e309",
    "9".repeat(400),
  ),
  fc.integer().map(String),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, Number.MAX_SAFE_INTEGER + 2, -1e308, 1e308),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        hostileString,
        fc.constantFrom("__proto__", "constructor", "prototype", "name", "email", "tier", "transcript", "message"),
      ),
      tie("value"),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** A raw request body: JSON of a hostile value, or text JSON.stringify cannot make. */
const hostileBody = fc.oneof(
  { weight: 4, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null") },
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true},"name":"x"}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"name":"a","name":"b"}',
    '{"transcript":"\\ud800 lone"}',
    '{"message":"\\u0000\\u0007\\u001b"}',
    `${"[".repeat(2000)}${"]".repeat(2000)}`,
    '{"email": "a@b.c", "role": "owner"}',
    "{",
    "",
    "not json at all",
    '{"tier":"pro","tier":"enterprise"}',
    '{"projectId": -1}',
    '{"storiesVersion": 1e400}',
  ),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json",
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "",
);

const TABLES = [
  "users",
  "sessions",
  "access_tokens",
  "projects",
  "transcripts",
  "generations",
  "activity_events",
  "integrations",
  "integration_exports",
  "team_memberships",
  "subscriptions",
  "chatbot_conversations",
  "admin_audit_log",
  "audio_transcriptions",
];
/**
 * encodeURIComponent, except that a lone surrogate, which it refuses with a URIError, is sent as the three bytes a
 * careless encoder writes for it (`\ud800` as %ED%A0%80): the server gets a path that is not UTF-8.
 */
function encodePathPart(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 2 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join("");
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

async function rowCounts(): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT ${TABLES.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(", ")}`,
  ).first();
  return JSON.stringify(row);
}

async function send(method: string, path: string, cookie: string, body: string | undefined, type: string, ip: string) {
  const headers = new Headers({ Origin: ORIGIN, Cookie: `__Host-sl_session=${cookie}`, "CF-Connecting-IP": ip });
  if (type) headers.set("Content-Type", type);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: method === "GET" ? undefined : body, redirect: "manual" }),
    env as Bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("hostile input", () => {
  it(`answers every route's generated hostile requests below 500, refusals in the error shape and without writes (${RUNS_PER_ROUTE} per route)`, async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const project = await createProject(user, { name: "Hostile" });
    const [transcriptId] = await createTranscripts(user, { projectId: project.id });
    const failures: string[] = [];
    let tried = 0;
    /** Per route: requests whose JSON body reached validation past real ids, and requests with hostile ids. */
    const reached = new Map<string, { validated: number; hostileIds: number }>();
    for (const [index, route] of routes.entries()) {
      const counts = { validated: 0, hostileIds: 0 };
      reached.set(route, counts);
      const [method, pattern] = route.split(" ") as [string, string];
      await fc
        .assert(
          fc.asyncProperty(
            hostileBody,
            contentType,
            fc.array(hostileString, { maxLength: 3 }),
            fc.boolean(),
            fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
            async (body, type, params, realIds, query) => {
              tried++;
              if (!realIds) counts.hostileIds++;
              else if (type === "application/json" && isJson(body)) counts.validated++;
              let i = 0;
              // path parameters: hostile, or the user's real ids so the body's validation is reached too
              const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
                const hostile = params[i++];
                if (realIds)
                  return String(
                    name === "id" && pattern.includes("transcript")
                      ? transcriptId
                      : name === "id"
                        ? project.id
                        : name === "type"
                          ? "linear" // a destination from the closed list, so the body's validation is reached
                          : "AAAAAAAAAAAAAAAAAAAAAA",
                  );
                return encodePathPart(hostile ?? "x");
              });
              const qs = new URLSearchParams(query).toString();
              const before = method === "GET" ? "" : await rowCounts();
              const response = await send(
                method,
                qs ? `${path}?${qs}` : path,
                user.session,
                body,
                type,
                `100.90.${tried % 250}.${Math.floor(tried / 250) % 250}`,
              );
              const status = response.status;
              const text = await response.text();
              // (a 503 saying a service is not configured here — card payment, transcription — is the intended answer)
              const notConfigured =
                status === 503 && /"code":"service_unavailable"/.test(text) && /not configured/i.test(text);
              if (status >= 500 && !notConfigured)
                failures.push(`${route} → ${status} ${text.slice(0, 160)} (body ${body.slice(0, 80)}, type ${type})`);
              if (status >= 400 && !notConfigured) {
                let shape: { success?: unknown; error?: unknown; code?: unknown } = {};
                try {
                  shape = JSON.parse(text) as typeof shape;
                } catch {
                  failures.push(`${route} → ${status} not JSON: ${text.slice(0, 80)}`);
                }
                if (shape.success !== false || typeof shape.error !== "string" || typeof shape.code !== "string")
                  failures.push(`${route} → ${status} not the error shape: ${text.slice(0, 120)}`);
                if (method !== "GET" && (await rowCounts()) !== before)
                  failures.push(`${route} → ${status} but rows changed (body ${body.slice(0, 80)})`);
              }
              return failures.length === 0;
            },
          ),
          { numRuns: RUNS_PER_ROUTE, seed: 20261124 + index, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // a failed property has already said why in `failures`; anything else is the test's own fault, and must not
          // end this route's requests early without a word
          if (!failures.length) failures.push(`${route}: the property threw: ${String(error).slice(0, 400)}`);
        });
      if (failures.length) break;
    }
    const fewest = (key: "validated" | "hostileIds", among: string[]) =>
      Math.min(...among.map((route) => reached.get(route)![key]));
    const withIds = routes.filter((route) => route.includes(":"));
    console.log(
      `hostile input: ${tried} requests over ${routes.length} routes; per route at least ${fewest("validated", routes)} ` +
        `reached validation with a JSON body, at least ${fewest("hostileIds", withIds)} had hostile ids`,
    );
    expect(failures).toEqual([]);
    expect(routes.filter((route) => reached.get(route)!.validated < MIN_PER_ROUTE)).toEqual([]);
    expect(withIds.filter((route) => reached.get(route)!.hostileIds < MIN_PER_ROUTE)).toEqual([]);
  }, 300_000);

  it("answers hostile Authorization headers, and hostile MCP calls with a valid token, below 500 and without writes on a refusal", async () => {
    const user = await createUser();
    await setTier(user, "pro");
    const token = await createAccessTokenFor(user, [...TOKEN_SCOPES]);
    await createTranscripts(user, { projectId: (await createProject(user, { name: "Hostile MCP" })).id });
    const failures: string[] = [];
    const fetchWorker = async (path: string, init: RequestInit & { headers: Headers }) => {
      init.headers.set("Host", new URL(ORIGIN).host);
      init.headers.set("CF-Connecting-IP", `100.91.${failures.length}.${Math.floor(Math.random() * 250)}`);
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request(`${ORIGIN}${path}`, init), env as Bindings, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    // (printable ASCII: what a client can put in a header without the runtime's encoding warning)
    const headerText = hostileString.filter((text) => /^[\x20-\x7e]*$/.test(text));
    const authorization = fc.oneof(
      headerText.map((text) => `Bearer ${text}`),
      headerText,
      fc.constantFrom("Bearer", "bearer slp_", "Basic dXNlcjpwYXNz", `Bearer ${token} extra`, `Bearer  ${token}x`),
    );
    await fc.assert(
      fc.asyncProperty(authorization, fc.constantFrom("/api/projects", "/mcp"), async (header, path) => {
        let headers: Headers;
        try {
          headers = new Headers({ Authorization: header, "Content-Type": "application/json" });
        } catch {
          return true; // not a header value a client can send
        }
        const response = await fetchWorker(path, {
          method: path === "/mcp" ? "POST" : "GET",
          headers,
          body: path === "/mcp" ? "{}" : undefined,
        });
        if (response.status >= 500)
          failures.push(`${path} with Authorization ${header.slice(0, 60)} → ${response.status}`);
        return response.status < 500;
      }),
      { numRuns: 150, seed: 20261208 },
    );
    const call = fc.record({
      jsonrpc: fc.constantFrom("2.0", "2.0", "1.0"),
      id: fc.oneof(fc.integer(), hostileString),
      method: fc.oneof(fc.constantFrom("tools/call", "tools/call", "tools/list", "initialize"), hostileString),
      params: fc.oneof(
        fc.record({ name: fc.oneof(fc.constantFrom(...MCP_TOOLS), hostileString), arguments: hostileValue }),
        hostileValue,
      ),
    });
    await fc
      .assert(
        fc.asyncProperty(
          fc.oneof({ weight: 3, arbitrary: call.map((c) => JSON.stringify(c)) }, hostileBody),
          contentType,
          async (body, type) => {
            const before = await rowCounts();
            const headers = new Headers({
              Authorization: `Bearer ${token}`,
              Accept: "application/json, text/event-stream",
            });
            if (type) headers.set("Content-Type", type);
            const response = await fetchWorker("/mcp", { method: "POST", headers, body });
            const text = await response.text();
            if (response.status >= 500)
              failures.push(`/mcp → ${response.status} ${text.slice(0, 160)} (body ${body.slice(0, 80)})`);
            const refused = response.status >= 400 || /"isError":true|"error":\{/.test(text);
            if (refused && (await rowCounts()) !== before)
              failures.push(`/mcp refused but rows changed (body ${body.slice(0, 80)})`);
            return failures.length === 0;
          },
        ),
        { numRuns: 300, seed: 20261209, endOnFailure: true },
      )
      .catch((error: unknown) => {
        if (!failures.length) failures.push(`the property threw: ${String(error).slice(0, 400)}`);
      });
    expect(failures).toEqual([]);
  }, 300_000);
});
