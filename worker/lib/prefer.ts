/**
 * The `wait` of a `Prefer` request header (RFC 7240: `Prefer: respond-async, wait=3`), in milliseconds: how long a
 * client would rather wait before the server answers 202 for work still running. Undefined when it states none.
 */
export function preferredWaitMs(header: string | undefined): number | undefined {
  const match = /(?:^|[,;\s])wait\s*=\s*"?(\d{1,4})"?/i.exec(header ?? "");
  return match ? Number(match[1]) * 1000 : undefined;
}
