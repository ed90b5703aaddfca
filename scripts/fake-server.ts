// What the fake servers (fake-stripe, fake-jira, fake-notion) share. Importing this module first lets plain Node
// import the emulators, which are Worker code naming their modules without extensions (bundler resolution).
import type { IncomingMessage, ServerResponse } from "node:http";
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

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
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
