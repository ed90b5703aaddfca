// `node scripts/fake-transcription.ts [--port 12117]`: an OpenAI-compatible transcription server for `npm run dev`
// and the browser journeys (issue 19). Point the Worker at it with TRANSCRIPTION_API_BASE=http://127.0.0.1:12117/v1
// (honoured outside production only). POST /v1/audio/transcriptions answers what a Whisper server would for the
// espeak-ng fixtures: the sentence they speak, and says how many bytes the file had.
//
// Test controls:
//   POST /__fake/fail {count}   the next transcriptions fail with a 500
//   GET  /__fake/requests       the uploads received (file name, size, model)
import { parseArgs } from "node:util";
import { send, serveFake } from "./fake-server.ts";

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PORT = Number(args.port ?? process.env.FAKE_TRANSCRIPTION_PORT ?? 12117);
const received: { fileName: string; bytes: number; model: string }[] = [];
let failures = 0;

serveFake({
  port: PORT,
  controls: {
    "GET /__fake/requests": () => received,
    "POST /__fake/fail": ({ body }) => {
      failures = Number((JSON.parse(body || "{}") as { count?: number }).count ?? 1);
      return { failing: failures };
    },
  },
  unlistedControls: "api",
  api: async ({ method, path, rawBody, headers }, response) => {
    if (method === "POST" && path === "/v1/audio/transcriptions") {
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "Content-Type": headers["content-type"] ?? "" },
        body: rawBody,
      }).formData();
      const file = form.get("file");
      if (!(file instanceof File))
        return send(response, 400, { error: { message: "file is required", type: "invalid_request_error" } });
      received.push({ fileName: file.name, bytes: file.size, model: String(form.get("model")) });
      if (failures > 0) {
        failures--;
        return send(response, 500, {
          error: { message: "The fake transcription server was told to fail.", type: "server_error" },
        });
      }
      return send(response, 200, {
        text: "Nurses need to see the bed count for every ward. Pharmacists want a daily list of missed doses.",
      });
    }
    send(response, 404, { error: { message: `No route ${method} ${path}` } });
  },
  listening: () => console.log(`fake transcription server on http://127.0.0.1:${PORT}/v1`),
});
