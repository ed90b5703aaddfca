// `node scripts/fake-openai.ts [--port 12119] [--delay 5000]`: an OpenAI-compatible chat completions server for
// `npm run dev` and the durable-generation benchmark (issue 31). Point the Worker at it with OPENAI_API_KEY=fake and
// OPENAI_BASE_URL=http://127.0.0.1:12119/v1. Each answer waits `--delay` ms (a model's time), then writes the part's
// stories with the embedded generator, as a model would: quotes only, no offsets. The quality gate's repair call gets
// the stories it sent back unchanged.
//
// Test controls:
//   POST /__fake/fail {count, status}   the next `count` calls answer `status` (default 503)
//   GET  /__fake/requests               the calls so far: when each started and ended, and the stories it returned
import { parseArgs } from "node:util";
import { send, serveFake } from "./fake-server.ts";

// (imported once fake-server.ts has taught Node the Worker's extensionless imports)
const { loadLanguage } = await import("../worker/reading/index.ts");
const { generateEmbedded } = await import("../worker/adapters/llm/local/rules/generate.ts");

const { values: args } = parseArgs({ options: { port: { type: "string" }, delay: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_OPENAI_PORT ?? 12119);
const DELAY_MS = Number(args.delay ?? process.env.FAKE_OPENAI_DELAY_MS ?? 0);
const calls: { started: number; ended: number; repair: boolean; stories: number }[] = [];
let failures = { count: 0, status: 503 };

await loadLanguage();

function completion(content: unknown) {
  return {
    id: `chatcmpl-fake-${calls.length}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "fake",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: JSON.stringify(content) } }],
  };
}

serveFake({
  port: PORT,
  controls: {
    "GET /__fake/requests": () => calls,
    "POST /__fake/fail": ({ body }) => {
      const asked = JSON.parse(body || "{}") as { count?: number; status?: number };
      failures = { count: asked.count ?? 1, status: asked.status ?? 503 };
      return failures;
    },
  },
  unlistedControls: "api",
  api: async ({ method, path, body }, response) => {
    if (method !== "POST" || path !== "/v1/chat/completions")
      return send(response, 404, { error: { message: "Not found", type: "invalid_request_error" } });

    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    if (failures.count > 0) {
      failures.count--;
      calls.push({ started, ended: Date.now(), repair: false, stories: 0 });
      return send(response, failures.status, { error: { message: "The fake model is down", type: "server_error" } });
    }
    const prompt = (JSON.parse(body) as { messages: Array<{ content: string }> }).messages[1]?.content ?? "";
    if (prompt.startsWith("These user stories")) {
      const stories = JSON.parse(prompt.slice(prompt.indexOf("Stories:\n") + 9, prompt.indexOf("\n\n<transcript>")));
      calls.push({ started, ended: Date.now(), repair: true, stories: stories.userStories.length });
      return send(response, 200, completion(stories));
    }
    const part = prompt.slice(prompt.indexOf("<transcript>\n") + 13, prompt.lastIndexOf("\n</transcript>"));
    const generated = generateEmbedded(part);
    const output = {
      ...generated,
      userStories: generated.userStories.map((story) => ({
        ...story,
        evidence: (story.evidence ?? []).map(({ quote }) => ({ quote })),
      })),
    };
    calls.push({ started, ended: Date.now(), repair: false, stories: output.userStories.length });
    return send(response, 200, completion(output));
  },
  listening: () => console.log(`fake OpenAI on http://127.0.0.1:${PORT}/v1 (answers after ${DELAY_MS} ms)`),
});
