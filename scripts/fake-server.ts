// What the fake outside services (scripts/fake-*.ts) share: the import hook below, and serveFake, the HTTP server
// around one fake: its test controls under /__fake/, its vendor API (an emulator of worker/test, or a handler of its
// own), the log of what it answered, and its shutdown. Each fake-*.ts keeps only what is particular to its vendor.
//
// Importing this module first lets plain Node import the emulators, which are Worker code naming their modules
// without extensions (bundler resolution).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith(".") || /\.\w+$/.test(specifier)) throw error;
      try {
        return nextResolve(`${specifier}.ts`, context);
      } catch {
        // a folder named by its index (bundler resolution)
        return nextResolve(`${specifier}/index.ts`, context);
      }
    }
  },
});

/** A request to a fake, read in full. */
export interface FakeRequest {
  method: string;
  path: string;
  /** The query string, without `?`. */
  query: string;
  body: string;
  /** The body as sent, for what is not text (fake-transcription's audio uploads). */
  rawBody: Buffer<ArrayBuffer>;
  headers: Record<string, string>;
  /** The Host header: the site the caller asked for (JIRA's `self` links name it). */
  host: string | undefined;
}

/** A test control: it answers 200 with what it returns, or 400 {error} with what it throws. */
export type Control = (request: FakeRequest) => unknown;

/** Test controls by "METHOD /__fake/name". */
export type ControlRoutes = Record<string, Control>;

export interface JsonAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What the emulators of worker/test answer. */
export type EmulatorAnswer =
  | ({ kind: "json" } & JsonAnswer)
  /** A redirect: status and Location, no body. */
  | { kind: "empty"; status: number; headers: Record<string, string> }
  /** A page that is not JSON (Azure DevOps' sign-in page). */
  | { kind: "html"; status: number; headers: Record<string, string>; body: string }
  /** A JSON array of `bytes` bytes, too large to hold: streamed. */
  | { kind: "oversize"; status: number; headers: Record<string, string>; bytes: number }
  /** Never answered: the caller must give up. */
  | { kind: "hang" };

/** A vendor API answered by an emulator of worker/test. */
export interface EmulatedApi {
  /** The emulator's answer; it throws on a contract breach or a request it does not model. */
  answer: (request: FakeRequest) => EmulatorAnswer;
  /** The vendor's error answer to a request the emulator threw on. */
  failure: (error: unknown) => JsonAnswer;
  /** What stands around an oversized answer's run of zeros, where its array is not the whole body. */
  oversizeJson?: { opening: string; closing: string };
  /** Said in the log after the path, once answered (Linear's: the GraphQL operation, its path being always /graphql). */
  logDetail?: () => string;
}

interface FakeServerCommon {
  port: number;
  /** The content type of every JSON answer, the controls' too (JIRA and GitHub name their exact one). */
  contentType?: string;
  controls?: ControlRoutes;
  /**
   * A /__fake/ path no control route names: "refuse" it, a 400 naming the routes (the default); leave it to the "api"
   * (whose 404 it was before these fakes had controls); or a control of the fake's own (its own routing).
   */
  unlistedControls?: "refuse" | "api" | Control;
  /** Says where the fake listens, and with what, once it does. */
  listening: () => void;
}

export type FakeServerOptions = FakeServerCommon &
  (
    | { emulator: EmulatedApi; api?: never }
    /** A vendor API the fake answers itself, every request not a control. */
    | { api: (request: FakeRequest, response: ServerResponse) => void | Promise<void>; emulator?: never }
  );

const CONTROL_PREFIX = "/__fake/";
const OVERSIZE_FILLER = Buffer.from("0,".repeat(32 * 1024));

/** Serves one fake on 127.0.0.1 until SIGINT or SIGTERM. */
export function serveFake(options: FakeServerOptions): Server {
  const { port, contentType = "application/json", controls = {}, unlistedControls = "refuse" } = options;
  const sendJson = (response: ServerResponse, answer: JsonAnswer) =>
    send(response, answer.status, answer.body, answer.headers, contentType);
  const api = options.emulator ? emulatedApi(options.emulator, sendJson) : options.api;

  const refuseUnlisted: Control = ({ method, path }) => {
    throw new Error(`No control ${method} ${path}: ${Object.keys(controls).join(", ")}`);
  };
  function controlFor(request: FakeRequest): Control | undefined {
    const route = `${request.method} ${request.path}`;
    if (Object.hasOwn(controls, route)) return controls[route];
    if (!request.path.startsWith(CONTROL_PREFIX) || unlistedControls === "api") return undefined;
    return unlistedControls === "refuse" ? refuseUnlisted : unlistedControls;
  }

  const server = createServer(async (incoming, response) => {
    const request = await readRequest(incoming);
    const control = controlFor(request);
    if (!control) return api(request, response);
    try {
      sendJson(response, { status: 200, body: await control(request) });
    } catch (error) {
      sendJson(response, { status: 400, body: { error: String(error) } });
    }
  });
  server.listen(port, "127.0.0.1", options.listening);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      server.closeAllConnections(); // including requests left hanging on purpose
    });
  }
  return server;
}

function emulatedApi(emulator: EmulatedApi, sendJson: (response: ServerResponse, answer: JsonAnswer) => void) {
  return (request: FakeRequest, response: ServerResponse): void => {
    try {
      const answer = emulator.answer(request);
      const detail = emulator.logDetail ? ` ${emulator.logDetail()}` : "";
      console.log(
        `${request.method} ${request.path}${detail} ${answer.kind === "hang" ? "(no answer)" : answer.status}`,
      );
      if (answer.kind === "hang") return; // answered never; the client gives up and closes
      if (answer.kind === "empty") return void response.writeHead(answer.status, answer.headers).end();
      if (answer.kind === "html") return void response.writeHead(answer.status, answer.headers).end(answer.body);
      if (answer.kind === "oversize") return streamOversize(response, answer, emulator.oversizeJson);
      sendJson(response, answer);
    } catch (error) {
      // A contract breach or a request the emulator does not model: loud here.
      console.error(`${request.method} ${request.path} failed:`, error);
      sendJson(response, emulator.failure(error));
    }
  };
}

/** An oversized answer, written a chunk at a time until done or the client goes away. */
function streamOversize(
  response: ServerResponse,
  answer: Extract<EmulatorAnswer, { kind: "oversize" }>,
  json = { opening: "[", closing: "0]" },
): void {
  response.writeHead(answer.status, answer.headers);
  response.write(json.opening);
  let sent = 0;
  const more = () => {
    while (sent < answer.bytes && !response.destroyed) {
      sent += OVERSIZE_FILLER.length;
      if (!response.write(OVERSIZE_FILLER)) return void response.once("drain", more);
    }
    response.end(json.closing);
  };
  more();
}

async function readRequest(incoming: IncomingMessage): Promise<FakeRequest> {
  const url = new URL(incoming.url ?? "/", "http://localhost");
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  return {
    method: incoming.method ?? "GET",
    path: url.pathname,
    query: url.search.slice(1),
    body: rawBody.toString("utf8"),
    rawBody,
    headers: Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, String(value)])),
    host: incoming.headers.host,
  };
}

/** A JSON answer, pretty-printed for people reading the controls' output. */
export function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = "application/json",
): void {
  response.writeHead(status, { "Content-Type": contentType, ...headers }).end(JSON.stringify(body, null, 2));
}

/** The tracker emulators' controls (JIRA, Linear, GitHub, Azure DevOps): their log, reset and faults. */
interface TrackerEmulator {
  readonly requests: unknown;
  reset(): void;
  failNext(count: number, fault: { status: number; retryAfter?: string }): unknown;
}

/** How one tracker's POST /__fake/fail-next differs from the others'. */
export interface FailNextRules {
  /** The lowest status a fault may answer: 400 by default. */
  lowestStatus?: number;
  /** The most requests one call may fail; no limit by default. */
  maxCount?: number;
  /** A field of the vendor's own beyond {status, retryAfter?, count?}: as named in the usage, and read. */
  moreFields?: { usage: string; read: (input: Record<string, unknown>) => object };
}

/**
 * A tracker fake's controls: its own item routes (what it created), then
 *   GET  /__fake/requests                     the API requests received
 *   POST /__fake/reset                        forget everything created, every request and pending fault
 *   POST /__fake/fail-next {status, retryAfter?, count?}   the next `count` (1) API requests answer `status`
 */
export function trackerControls(
  emulator: TrackerEmulator,
  itemRoutes: ControlRoutes,
  rules: FailNextRules = {},
): ControlRoutes {
  const { lowestStatus = 400, maxCount, moreFields } = rules;
  const usage = `{status: ${lowestStatus}-599, retryAfter?, count?${moreFields ? `, ${moreFields.usage}` : ""}}`;
  return {
    ...itemRoutes,
    "GET /__fake/requests": () => emulator.requests,
    "POST /__fake/reset": () => {
      emulator.reset();
      return { reset: true };
    },
    "POST /__fake/fail-next": ({ body }) => {
      const input = JSON.parse(body || "{}") as Record<string, unknown>;
      const status = Number(input.status);
      if (!Number.isInteger(status) || status < lowestStatus || status > 599)
        throw new Error(`POST /__fake/fail-next takes ${usage}`);
      const count = input.count === undefined ? 1 : Number(input.count);
      if (maxCount !== undefined && (!Number.isInteger(count) || count < 1 || count > maxCount))
        throw new Error(`count is 1-${maxCount}`);
      emulator.failNext(count, {
        status,
        ...(input.retryAfter !== undefined ? { retryAfter: String(input.retryAfter) } : {}),
        ...moreFields?.read(input),
      });
      return { failing: count, status };
    },
  };
}
