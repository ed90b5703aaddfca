// `npm run dev`: build the SPA, apply local D1 migrations, serve the app and API with `wrangler dev` at
// http://localhost:8787, and seed the demo accounts. No API keys needed.
import { DEMO_ACCOUNTS } from "../worker/services/dev/demo-accounts.ts";
import { postJson, run, startWrangler, stopProcessGroup, waitForHttp } from "./lib.ts";

const PORT = Number(process.env.PORT ?? 8787);
const ORIGIN = `http://localhost:${PORT}`;

run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: { CI: "true" } });

const server = startWrangler({ port: PORT });
const stop = () => {
  stopProcessGroup(server);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));

await waitForHttp(`${ORIGIN}/api/auth/providers`);
await postJson(ORIGIN, "/api/dev/seed");
console.log(`
  StoryLoom is running at ${ORIGIN}
  Demo accounts (local development only):
${DEMO_ACCOUNTS.map((a) => `    ${a.isAdmin ? "admin" : "user "}  ${a.username} / ${a.password}   (${a.email})`).join("\n")}
  Emails the app sends are in the dev outbox: ${ORIGIN}/api/dev/outbox
`);
