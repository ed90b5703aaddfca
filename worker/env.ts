import type { Bindings } from "./bindings";
import type { Deps } from "./deps";
import type { ResolvedSession } from "./services/auth/sessions";

/** Hono's environment: the Worker's bindings and what middleware attaches to each request. */
export interface Variables {
  requestId: string;
  /** When the request arrived (ms), for the duration in error logs. */
  startedAt: number;
  deps: Deps;
  /** The signed-in user's session, or null; set by the session middleware on /api/*. */
  session: ResolvedSession | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
