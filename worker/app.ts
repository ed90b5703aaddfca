import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as z from "zod";
import type { ApiErrorBody } from "../schema/api/error-body";
import type { AppEnv } from "./env";
import { AppError } from "./lib/errors";
import { causeMessage, logEvent } from "./lib/log";
import { documented, openApiDocument } from "./lib/openapi";
import { requestContext } from "./middleware/context";
import { apiSecurityHeaders, csrfProtection, requestId } from "./middleware/security";
import { loadSession } from "./middleware/session";
import { accountDataRoutes } from "./routes/account-data";
import { activityRoutes } from "./routes/activity";
import { adminRoutes } from "./routes/admin";
import { audioRoutes } from "./routes/audio";
import { chatbotRoutes } from "./routes/chatbot";
import { serveBuildFile, servePage } from "./routes/assets";
import { authRoutes } from "./routes/auth";
import { billingRoutes } from "./routes/billing";
import { devRoutes } from "./routes/dev";
import { emailVerificationRoutes } from "./routes/email-verification";
import { generateRoutes } from "./routes/generate";
import { storyRoutes } from "./routes/stories";
import { serveMcp } from "./routes/mcp";
import { connectedAppRoutes, mcpAuthorizeRoutes, mcpConsentRoutes } from "./routes/mcp-authorization";
import { oauthRoutes } from "./routes/oauth";
import { projectRoutes } from "./routes/projects";
import {
  exportRoutes,
  integrationRoutes,
  projectIntegrationRoutes,
  transcriptExportRoutes,
  validationRoutes,
} from "./routes/integrations";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { subscriptionRoutes } from "./routes/subscription";
import { teamRoutes } from "./routes/team";
import { transcriptDeleteRoutes, transcriptRoutes } from "./routes/transcripts";
import { SESSION_COOKIE } from "./services/auth/sessions";

/** JSON request bodies larger than this are refused with 413 (routes that take uploads set their own limit). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

function errorBody(c: { var: { requestId?: string } }, error: AppError): ApiErrorBody {
  return {
    success: false,
    error: error.message,
    code: error.code,
    requestId: c.var.requestId ?? "",
    ...(error.details ? { details: error.details } : {}),
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 400) return new AppError("bad_request", error.message || "Bad request");
    if (status === 401) return new AppError("unauthenticated", "Not signed in");
    if (status === 413) return new AppError("payload_too_large", "Request body is too large");
    if (status === 415) return new AppError("unsupported_media_type", error.message);
    if (status === 404) return new AppError("not_found", "Not found");
  }
  return new AppError("internal", "Something went wrong on our side. Please try again.", { cause: error });
}

export const app = new Hono<AppEnv>();

// Before every middleware, so a build file costs no request id, deps or session: Hono runs handlers in the order
// they were registered, and this one answers without calling the rest.
app.get("/assets/*", serveBuildFile);
// A GET outside /api and /auth/… is a file of web/public or a page of the SPA (routes/assets.ts): answered here too,
// before the request id, deps and session a page does not need ("/auth" itself is the SPA's sign-in page; the OAuth
// redirects live under "/auth/…")
app.get("*", (c, next) =>
  /^\/api(?:\/|$)|^\/auth\/|^\/mcp$|^\/oauth\/authorize$/.test(c.req.path) ? next() : servePage(c),
);
app.use(requestId);
app.use("/api/*", apiSecurityHeaders);
app.use("/mcp", apiSecurityHeaders);
app.use("/oauth/authorize", apiSecurityHeaders);
// (Hono's "/auth/*" also matches "/auth", the SPA's sign-in page: it keeps the SPA's own headers)
app.use("/auth/*", (c, next) => (c.req.path === "/auth" ? next() : apiSecurityHeaders(c, next)));
// (what reaches here under /assets is not a GET of a build file: a POST or the like, answered 404 below)
app.use("/assets/*", apiSecurityHeaders);
app.use(requestContext);
const jsonBodyLimit = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new AppError("payload_too_large", "Request body is too large");
  },
});
// (recordings have their own, larger limit: routes/audio.ts)
app.use("/api/*", (c, next) => (c.req.path === "/api/transcribe-audio" ? next() : jsonBodyLimit(c, next)));
// Stripe's webhook authenticates by its signature, not by Origin and JSON (routes/stripe-webhook.ts).
app.use("/api/*", csrfProtection({ signedPaths: ["/api/stripe/webhook"], multipartPaths: ["/api/transcribe-audio"] }));
app.use("/api/*", loadSession);

// One sub-app per resource prefix. Only the account and payment routes sit at /api itself, because the spec names
// them so (/api/user, /api/login, /api/resend-verification…; /api/create-subscription, /api/confirm-payment…).
export const routes = app
  .route("/api", authRoutes)
  .route("/api/verify-email", emailVerificationRoutes)
  .route("/api/user", accountDataRoutes)
  .route("/api/user", connectedAppRoutes)
  .route("/api/oauth", mcpConsentRoutes)
  .route("/api", billingRoutes)
  .route("/api/subscription", subscriptionRoutes)
  .route("/api/stripe", stripeWebhookRoutes)
  .route("/api/projects", projectRoutes)
  .route("/api/projects", projectIntegrationRoutes)
  .route("/api/integrations", integrationRoutes)
  .route("/api/validate", validationRoutes)
  .route("/api/export", exportRoutes)
  .route("/api/transcripts", transcriptRoutes)
  .route("/api/transcripts", transcriptExportRoutes)
  .route("/api/transcript", transcriptDeleteRoutes)
  .route("/api/generate", generateRoutes)
  .route("/api/stories", storyRoutes)
  .route("/api/activity", activityRoutes)
  .route("/api/team", teamRoutes)
  .route("/api/admin", adminRoutes)
  .route("/api/chatbot", chatbotRoutes)
  .route("/api/transcribe-audio", audioRoutes)
  .route("/api/dev", devRoutes)
  .route("/auth", oauthRoutes)
  .route("/oauth", mcpAuthorizeRoutes);

// The MCP server for agents (routes/mcp.ts): Streamable HTTP, by personal access token.
app.all("/mcp", serveMcp);

// The API's own description, read off the routes above (lib/openapi.ts).
app.get(
  "/api/openapi.json",
  documented(
    "Meta",
    "This description of the API, in OpenAPI 3.1",
    { body: z.looseObject({ openapi: z.literal("3.1.0"), paths: z.record(z.string(), z.unknown()) }) },
    { token: "any" },
  ),
  async (c) => c.json(await openApiDocument(app, SESSION_COOKIE)),
);

app.notFound((c) => c.json(errorBody(c, new AppError("not_found", "Not found")), 404));

app.onError((error, c) => {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    // One line per failed request, searchable by request id. The client only sees the message and the request id;
    // the operator gets where it failed and why, without secrets or content (lib/log.ts).
    logEvent("error", "request_failed", {
      requestId: c.var.requestId,
      method: c.req.method,
      route: c.req.routePath,
      status: appError.status,
      code: appError.code,
      upstream: appError.upstream,
      durationMs: c.var.startedAt ? Date.now() - c.var.startedAt : undefined,
      cause: causeMessage(appError),
    });
  }
  if (appError.retryAfter) c.header("Retry-After", String(appError.retryAfter));
  return c.json(errorBody(c, appError), appError.status as ContentfulStatusCode);
});

export type AppType = typeof routes;
