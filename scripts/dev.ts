// `npm run dev`: build the SPA, apply local D1 migrations, serve the app and API with `wrangler dev` at
// http://localhost:8787, and seed the demo accounts. No API keys needed.
// `npm run dev -- --fake-llm [--fake-llm-delay 5000]`: stories come from a fake OpenAI-compatible model
// (scripts/fake-openai.ts, each answer after the delay) instead of the embedded generator, so a long meeting runs as
// a durable generation, with its progress and Cancel.
// A generation still marked running from before this start lost its server (the local Workflows engine does not resume
// an instance after a restart): once the server is up it is marked failed and given back, and history offers Try Again.
// `--persist-to <dir>` keeps the local state elsewhere than .wrangler/state; `--fake-llm-port` moves the fake model
// (default 12119), e.g. for scripts/restart-generation.ts.
// `npm run dev -- --fake-trackers`: JIRA, Notion, Linear, GitHub Issues and Azure DevOps answer from their fakes
// (scripts/fake-*.ts on their default ports, tokens in each file's header), so wizards and exports work offline.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS } from "../worker/services/dev/demo-accounts.ts";
import { postJson, ROOT, run, startWrangler, stopProcessGroup, TOOL_ENV, waitForHttp } from "./lib.ts";

const { values: options } = parseArgs({
  options: {
    "fake-llm": { type: "boolean" },
    "fake-llm-delay": { type: "string" },
    "fake-llm-port": { type: "string" },
    "fake-trackers": { type: "boolean" },
    "persist-to": { type: "string" },
  },
});
const FAKE_LLM_PORT = Number(options["fake-llm-port"] ?? 12119);
const PERSIST_TO = options["persist-to"];

const PORT = Number(process.env.PORT ?? 8787);
const ORIGIN = `http://localhost:${PORT}`;

run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...(PERSIST_TO ? ["--persist-to", PERSIST_TO] : [])], {
  env: { CI: "true" },
});

const fakeLlm = options["fake-llm"]
  ? spawn(
      process.execPath,
      ["scripts/fake-openai.ts", "--port", String(FAKE_LLM_PORT), "--delay", options["fake-llm-delay"] ?? "5000"],
      { cwd: ROOT, detached: true, stdio: "inherit", env: TOOL_ENV },
    )
  : undefined;
const llmVars = fakeLlm
  ? {
      LLM_PROVIDER: "openai",
      OPENAI_API_KEY: "fake",
      OPENAI_MODEL: "fake",
      OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_LLM_PORT}/v1`,
    }
  : undefined;

/** The integrations' fakes, each on its default port, and the settings that send the Worker's calls to them. */
const TRACKER_FAKES = [
  ["fake-jira", "JIRA_API_BASE", 12113],
  ["fake-notion", "NOTION_API_BASE", 12114],
  ["fake-linear", "LINEAR_API_BASE", 12121],
  ["fake-github", "GITHUB_API_BASE", 12122],
  ["fake-azure-devops", "AZURE_DEVOPS_API_BASE", 12123],
] as const;
const trackerFakes = options["fake-trackers"]
  ? TRACKER_FAKES.map(([script, , port]) =>
      spawn(process.execPath, [`scripts/${script}.ts`, "--port", String(port)], {
        cwd: ROOT,
        detached: true,
        stdio: "inherit",
        env: TOOL_ENV,
      }),
    )
  : [];
const trackerVars = options["fake-trackers"]
  ? Object.fromEntries(TRACKER_FAKES.map(([, name, port]) => [name, `http://127.0.0.1:${port}`]))
  : undefined;

const serverStartedAt = Date.now();
const server = startWrangler({ port: PORT, persistTo: PERSIST_TO, vars: { ...llmVars, ...trackerVars } });
const stop = () => {
  stopProcessGroup(server);
  if (fakeLlm) stopProcessGroup(fakeLlm);
  for (const fake of trackerFakes) stopProcessGroup(fake);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));

await waitForHttp(`${ORIGIN}/api/auth/providers`);
await postJson(ORIGIN, "/api/dev/seed");
try {
  const { failed } = (await postJson(ORIGIN, "/api/dev/interrupted-generations", {
    startedBefore: serverStartedAt,
  })) as { failed: number };
  if (failed > 0)
    console.log(
      `\n  ${failed} generation${failed === 1 ? " was" : "s were"} still running when the server last stopped: marked failed and given back (history offers Try Again).`,
    );
} catch (error) {
  console.warn(`\n  Generations left running by the last stop could not be marked failed: ${String(error)}`);
}
console.log(`
  StoryLoom is running at ${ORIGIN}
  Demo accounts (local development only):
${DEMO_ACCOUNTS.map((a) => `    ${a.isAdmin ? "admin" : "user "}  ${a.username} / ${a.password}   (${a.email})`).join("\n")}
  Emails the app sends are in the dev outbox: ${ORIGIN}/api/dev/outbox
`);
