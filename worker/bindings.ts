import type { ConfigBindings } from "./lib/config";

/**
 * The Worker's bindings: what `wrangler types` generates from wrangler.toml (`Env` in
 * worker/worker-configuration.d.ts: storage, the Durable Objects, Workers AI, the assets; `npm run lint` fails when the
 * file is out of date), with the variables and secrets lib/config.ts parses. The generated `APP_ENV` is the toml's one
 * value and `AI` is always there; tests and local development run other environments and without Workers AI, so both
 * come from ConfigBindings instead.
 */
export type Bindings = Omit<Env, "APP_ENV" | "AI"> & ConfigBindings;
