import * as z from "zod";
import { TOKEN_SCOPES, tokenScopeSchema } from "./access-tokens";

// Sign-in for MCP clients (issue 42): the consent screen's request and answer, and the apps connected to an account.

export const consentHandleSchema = z.string().min(1).max(200);

/** What the consent screen shows. Every string but the scopes comes from the client: render it as text. */
export const consentRequestSchema = z.object({
  clientName: z.string(),
  clientUri: z.string().nullable(),
  /** Where the app will receive the sign-in: its host, and whether it is an app on this computer. */
  redirectHost: z.string(),
  redirectIsLoopback: z.boolean(),
  /** The scopes the app asks for (only StoryLoom's; read when it names none). */
  scopes: z.array(tokenScopeSchema),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

export const consentDecisionSchema = z.strictObject({
  handle: consentHandleSchema,
  approve: z.boolean(),
  /** What the person allows: some or all of what the app asked for. */
  scopes: z.array(tokenScopeSchema).max(TOKEN_SCOPES.length).default([]),
});
export type ConsentDecision = z.infer<typeof consentDecisionSchema>;

/** Where the browser goes next: back to the app, with a code or with access_denied. */
export const consentOutcomeSchema = z.object({ redirectTo: z.string() });

export const connectedAppSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;
