import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { describeRoute, generateSpecs, resolver, uniqueSymbol, type ResponsesWithResolver } from "hono-openapi";
import type { ZodType } from "zod";
import type { TokenScope } from "../../schema/api/access-tokens";
import { apiErrorBodySchema } from "../../schema/api/error-body";

// The API's OpenAPI 3.1 description (served at /api/openapi.json) is read off the routes themselves by hono-openapi:
// each validator carries the zod schema it checks (documentRequest, called by lib/validate.ts), and each handler is
// preceded by documented(), which names the operation and carries the zod schema of its success response. One
// source: what is documented is what is checked, and worker/test/client.ts holds every response of the Worker tests
// to the description. docs/decisions/2026-11-27-openapi-from-the-routes.md says why this shape.

/** Tags the operations by the API area they belong to, in the order the description lists them. */
const TAGS = [
  ["Account", "Signing up and in, passwords, e-mail verification and the account's own data."],
  ["Billing", "Plans, Stripe subscriptions and their payment, and Stripe's webhook."],
  ["Projects", "Projects and the JIRA or Notion integrations attached to them."],
  ["Transcripts", "Transcripts, generating stories from them, editing and exporting the stories."],
  ["Team", "Inviting people to a team, their roles, and leaving a team."],
  ["Admin", "The platform admins' analytics, users and help-assistant logs."],
  ["Assistant", "The floating help assistant."],
  ["Meta", "This description."],
] as const;
export type Tag = (typeof TAGS)[number][0];

/** Marks a validator so the description lists what it checks (the mark hono-openapi's own validator sets). */
export function documentRequest<Middleware extends MiddlewareHandler>(
  middleware: Middleware,
  target: string,
  schema: ZodType,
): Middleware {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/** What a route answers when it succeeds. */
export type Success =
  /** JSON in the given shape, with 200 unless said otherwise; `accepted`: also 202, with work still going. */
  | { status?: 200 | 201; body: ZodType; accepted?: ZodType }
  /** A redirect (the browser flows: OAuth, e-mail links, sign-out). */
  | { redirect: string }
  /** A file download (the account's data export). */
  | { download: string; body: ZodType };

/** A request body the route reads itself rather than through a validator (a recording, Stripe's signed event). */
export interface RawRequest {
  mediaType: string;
  description: string;
  /** Defaults to an opaque body. */
  schema?: Record<string, unknown>;
}

/**
 * Who may call an operation with a personal access token: a token with the given scope, or any valid token ("any",
 * for public routes such as this description). Operations that say nothing refuse tokens: sign-in, the account,
 * billing, teams, integrations' settings and admin are for a person in the browser
 * (docs/decisions/2026-12-08-personal-access-tokens.md).
 */
export type TokenAccess = TokenScope | "any";
const TOKEN_ACCESS = Symbol("tokenAccess");

/**
 * What the operation answering this request lets a token do: read off its documented() mark, before any handler runs
 * (so a refused token costs nothing). null: the operation refuses tokens, as does a route nobody documented.
 */
export function tokenAccessOf(c: Context): TokenAccess | null {
  for (const { handler } of matchedRoutes(c)) {
    if (TOKEN_ACCESS in handler) return (handler as { [TOKEN_ACCESS]: TokenAccess | null })[TOKEN_ACCESS];
  }
  return null;
}

const json = (schema: ZodType) => ({ "application/json": { schema: resolver(schema, { options: { io: "output" } }) } });

/**
 * Names an operation for the description and states what it answers on success; every operation may also fail in
 * the shared error shape (schema/api/errors.ts). Place it first among the route's handlers.
 */
export function documented(
  tag: Tag,
  summary: string,
  success: Success,
  more: { description?: string; request?: RawRequest; signedIn?: boolean; token?: TokenAccess } = {},
): MiddlewareHandler {
  const ok: ResponsesWithResolver =
    "redirect" in success
      ? { 302: { description: success.redirect, headers: { Location: { schema: { type: "string" as const } } } } }
      : "download" in success
        ? {
            200: {
              description: success.download,
              headers: { "Content-Disposition": { schema: { type: "string" as const } } },
              content: json(success.body),
            },
          }
        : {
            [success.status ?? 200]: { description: "Done.", content: json(success.body) },
            ...(success.accepted
              ? { 202: { description: "Accepted: still running.", content: json(success.accepted) } }
              : {}),
          };
  const byToken = more.token && more.token !== "any" ? [{ accessToken: [more.token] }] : [];
  const described = describeRoute({
    tags: [tag],
    summary,
    ...(more.description ? { description: more.description } : {}),
    ...(more.signedIn ? { security: [{ session: [] }, ...byToken] } : {}),
    ...(more.request
      ? {
          requestBody: {
            required: true,
            description: more.request.description,
            content: { [more.request.mediaType]: { schema: more.request.schema ?? {} } },
          },
        }
      : {}),
    responses: {
      ...ok,
      default: { description: "A failure, in the shared error shape.", content: json(apiErrorBodySchema) },
    },
  });
  return Object.assign(described, { [TOKEN_ACCESS]: more.token ?? null });
}

let cached: Promise<Record<string, unknown>> | undefined;

/** The description of `app`'s routes, built on first use and kept for the isolate's life (the routes never change). */
export function openApiDocument<E extends Env>(app: Hono<E>, sessionCookie: string): Promise<Record<string, unknown>> {
  cached ??= generateSpecs(app, {
    documentation: {
      info: {
        title: "StoryLoom API",
        version: "1.0.0",
        description:
          "The API behind StoryLoom's web app: transcripts in, an epic and user stories out, and everything around them. Calls from a browser carry the session cookie and the app's own Origin. Scripts and agents send `Authorization: Bearer slp_…`, a personal access token made on the account page; each operation that takes one names the scope it needs.",
      },
      tags: TAGS.map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: sessionCookie },
          accessToken: {
            type: "http",
            scheme: "bearer",
            description:
              "A personal access token (slp_…) made on the account page. Its scopes: read, write, generate, export; an operation lists the one it needs.",
          },
        },
      },
    },
    // development-only routes stay out of a description of the product's API
    exclude: [/^\/api\/dev\//],
    // (its own path ends in ".json", which hono-openapi would otherwise take for a static file)
    excludeStaticFile: false,
    // failures are documented once per operation, in the shared error shape (documented() above)
    defaultValidationErrorResponse: false,
  }) as Promise<Record<string, unknown>>;
  return cached;
}

/** documented()'s `more` for an operation that a signed-in person, or a personal access token with `scope`, may call. */
export const signedInOrToken = (scope: TokenScope) => ({ signedIn: true, token: scope });
