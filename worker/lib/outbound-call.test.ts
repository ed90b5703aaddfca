import { afterEach, describe, expect, it, vi } from "vitest";
import { boundedFetch } from "./bounded-fetch";
import {
  byStatus,
  createOutbound,
  describeUnanswered,
  retryAfterMs,
  withRetries,
  type Attempt,
  type OutboundOptions,
} from "./outbound-call";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A policy whose waits are recorded, not slept, and jittered by half (random 0 scales by 0.5). */
function recorded(options: { budgetMs?: number; random?: number } = {}) {
  const waits: number[] = [];
  const random = options.random ?? 0;
  return {
    waits,
    policy: {
      budgetMs: options.budgetMs ?? 20_000,
      sleep: async (ms: number) => {
        waits.push(ms);
      },
      jitter: (ms: number) => Math.round(ms * (0.5 + 0.5 * random)),
    },
  };
}

/** Attempts that come to `script` in turn, counting how many were made. */
function scripted(script: Attempt<string, string, string>[]) {
  let made = 0;
  return {
    attempt: async () => script[Math.min(made++, script.length - 1)]!,
    made: () => made,
  };
}

const limited = (askedMs: number | null = null) => ({ kind: "rate_limited", value: "429", askedMs }) as const;
const failed = (askedMs: number | null = null) => ({ kind: "failed", value: "503", askedMs }) as const;
const done = { kind: "done", value: "ok" } as const;

describe("retryAfterMs", () => {
  it("reads seconds or an HTTP date, as milliseconds from now", () => {
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:05 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(5000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:05 GMT", Date.parse("Wed, 21 Oct 2015 07:29:00 GMT"))).toBe(0);
    expect(retryAfterMs("2.5")).toBe(2500);
    expect(retryAfterMs(" 3 ")).toBe(3000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs("")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

describe("withRetries: rate limits", () => {
  it("waits as the system asks, then goes on", async () => {
    const { waits, policy } = recorded();
    const { attempt, made } = scripted([limited(3000), limited(3000), done]);
    expect(await withRetries(attempt, { ...policy, repeatable: true })).toEqual(done);
    expect(waits).toEqual([3000, 3000]);
    expect(made()).toBe(3);
  });

  it("backs off 1, 2, 4 s jittered when the system names no wait, and gives up after 3 waits", async () => {
    for (const [random, expected] of [
      [0, [500, 1000, 2000]],
      [1, [1000, 2000, 4000]],
    ] as const) {
      const { waits, policy } = recorded({ random });
      const { attempt, made } = scripted([limited()]);
      expect(await withRetries(attempt, { ...policy, repeatable: true })).toEqual({
        kind: "rate_limited",
        value: "429",
        retryAfterMs: null,
      });
      expect(waits).toEqual(expected);
      expect(made()).toBe(4);
    }
  });

  it("gives up at once when the wait asked for passes the budget, passing the wait on", async () => {
    const { waits, policy } = recorded();
    const { attempt, made } = scripted([limited(60_000)]);
    expect(await withRetries(attempt, { ...policy, repeatable: true })).toEqual({
      kind: "rate_limited",
      value: "429",
      retryAfterMs: 60_000,
    });
    expect(waits).toEqual([]);
    expect(made()).toBe(1);
  });

  it("stops within the budget across waits", async () => {
    const { waits, policy } = recorded({ budgetMs: 5000 });
    const { attempt } = scripted([limited(2000)]);
    expect(await withRetries(attempt, { ...policy, repeatable: true })).toMatchObject({ retryAfterMs: 2000 });
    expect(waits).toEqual([2000, 2000]);
  });

  it("waits out a rate limit on a write too: a limited request was not applied", async () => {
    const { waits, policy } = recorded();
    const { attempt, made } = scripted([limited(1000), done]);
    expect(await withRetries(attempt, { ...policy, repeatable: false })).toEqual(done);
    expect(waits).toEqual([1000]);
    expect(made()).toBe(2);
  });
});

describe("withRetries: failures", () => {
  it("retries a repeatable call once, after the jittered wait or the one the system names", async () => {
    const jittered = recorded({ random: 0.5 });
    const once = scripted([failed(), done]);
    expect(await withRetries(once.attempt, { ...jittered.policy, repeatable: true })).toEqual(done);
    expect(jittered.waits).toEqual([375]);

    const asked = recorded();
    const twice = scripted([failed(2000)]);
    expect(await withRetries(twice.attempt, { ...asked.policy, repeatable: true })).toEqual({
      kind: "failed",
      value: "503",
    });
    expect(asked.waits).toEqual([2000]);
    expect(twice.made()).toBe(2);
  });

  it("takes the wait before the retry from the policy when given one", async () => {
    const { waits, policy } = recorded();
    const { attempt } = scripted([failed(), done]);
    await withRetries(attempt, { ...policy, jitter: (ms) => ms, retryWaitMs: 1000, repeatable: true });
    expect(waits).toEqual([1000]);
  });

  it("never repeats a call that is not repeatable: a failed write may have applied", async () => {
    const { waits, policy } = recorded();
    const { attempt, made } = scripted([failed(0), done]);
    expect(await withRetries(attempt, { ...policy, repeatable: false })).toEqual({ kind: "failed", value: "503" });
    expect(waits).toEqual([]);
    expect(made()).toBe(1);
  });

  it("does not retry past the budget, which rate limits share", async () => {
    const { waits, policy } = recorded({ budgetMs: 1000 });
    const { attempt, made } = scripted([limited(800), failed(), done]);
    expect(await withRetries(attempt, { ...policy, repeatable: true })).toEqual({ kind: "failed", value: "503" });
    expect(waits).toEqual([800]);
    expect(made()).toBe(2);
  });

  it("lets an attempt's own error through, unretried", async () => {
    const { policy } = recorded();
    let made = 0;
    const attempt = async (): Promise<Attempt<string, string, string>> => {
      made += 1;
      throw new Error("refused");
    };
    await expect(withRetries(attempt, { ...policy, repeatable: true })).rejects.toThrow("refused");
    expect(made).toBe(1);
  });
});

describe("createOutbound: one call over fetch", () => {
  const URL_ = new URL("https://tracker.example/api");

  function outbound(options: OutboundOptions = {}) {
    const waits: number[] = [];
    const call = createOutbound(
      "Tracker",
      {
        sleep: async (ms) => {
          waits.push(ms);
        },
        random: () => 0.5,
        ...options,
      },
      1024,
    );
    return { call, waits };
  }

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers });

  it("answers with the bounded answer the judge read, without following redirects", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { ok: true }));
    const { call } = outbound();
    const result = await call.send(URL_, { method: "GET" }, { repeatable: true, judge: byStatus });
    expect(result).toMatchObject({ kind: "answered", reading: { status: 200, text: '{"ok":true}', oversize: false } });
    expect(spy.mock.calls[0]![1]).toMatchObject({ redirect: "manual" });
  });

  it("waits out a 429 as Retry-After says, and reports one still limited with its wait", async () => {
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => json(429, { error: "slow down" }, { "Retry-After": "2" }));
    const { call, waits } = outbound();
    const result = await call.send(URL_, { method: "POST" }, { repeatable: false, judge: byStatus });
    expect(result).toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 2000 });
    expect(waits).toEqual([2000, 2000, 2000]);
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it("retries a read once after a 5xx, and never a write", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(503, {}));
    const { call, waits } = outbound();
    expect(await call.send(URL_, { method: "GET" }, { repeatable: true, judge: byStatus })).toMatchObject({
      kind: "unavailable",
      status: 503,
    });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([375]);
    spy.mockClear();
    expect(await call.send(URL_, { method: "POST" }, { repeatable: false, judge: byStatus })).toMatchObject({
      kind: "unavailable",
      status: 503,
    });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("times out an unanswered request, and reports a network failure with its error", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    const slow = outbound({ timeoutMs: 20 });
    expect(await slow.call.send(URL_, { method: "POST" }, { repeatable: false, judge: byStatus })).toEqual({
      kind: "timeout",
    });
    vi.restoreAllMocks();
    const dropped = new TypeError("connection reset");
    vi.spyOn(globalThis, "fetch").mockRejectedValue(dropped);
    const { call } = outbound();
    expect(await call.send(URL_, { method: "POST" }, { repeatable: false, judge: byStatus })).toEqual({
      kind: "network",
      error: dropped,
    });
  });

  it("lets the judge say what counts as a rate limit or trouble, and hands back what it read", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(200, { errors: [{ type: "ratelimited" }] }));
    const { call, waits } = outbound({ retryBudgetMs: 0 });
    const result = await call.send(
      URL_,
      { method: "POST" },
      {
        repeatable: false,
        judge: (answer) => ({ kind: answer.text?.includes("ratelimited") ? "rate_limited" : "answered", reading: 42 }),
      },
    );
    expect(result).toEqual({ kind: "rate_limited", status: 200, retryAfterMs: null, reading: 42 });
    expect(waits).toEqual([]);
  });

  it("keeps the options it was given", () => {
    const { call } = outbound({ timeoutMs: 50, maxResponseBytes: 10, retryBudgetMs: 7 });
    expect([call.timeoutMs, call.maxBytes, call.retry.budgetMs]).toEqual([50, 10, 7]);
  });
});

describe("boundedFetch", () => {
  it("reads only what `read` allows, cancels the rest, and stops at the cap", async () => {
    const cancelled = vi.fn();
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async () => new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(64)), cancel: cancelled })),
    );
    const options = { timeoutMs: 1000, maxBytes: 1000, system: "Tracker" };
    expect(await boundedFetch("https://tracker.example/", {}, { ...options, read: () => true })).toMatchObject({
      kind: "response",
      body: "oversize",
    });
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(await boundedFetch("https://tracker.example/", {}, { ...options, read: () => false })).toMatchObject({
      kind: "response",
      body: "unread",
    });
    expect(cancelled).toHaveBeenCalledTimes(2);
  });
});

describe("describeUnanswered", () => {
  const words = { name: "Tracker", timeoutMs: 2500, scrub: (t: string) => t.replace("s3cret", "[redacted]") };
  const read = { ...words, write: false, unknownOutcome: "" };
  const write = { ...words, write: true, unknownOutcome: " It may have been created." };

  it("says how long to wait after a rate limit, which never applied a write", () => {
    expect(describeUnanswered({ kind: "rate_limited", status: 429, retryAfterMs: 1500 }, write)).toEqual({
      kind: "rate_limited",
      message: "Tracker is limiting requests. Please try again in 2 seconds.",
      status: 429,
      retryAfter: 2,
      mayHaveApplied: false,
    });
    expect(describeUnanswered({ kind: "rate_limited", status: 429, retryAfterMs: null }, read).message).toBe(
      "Tracker is limiting requests. Please try again shortly.",
    );
  });

  it("marks a write that got no answer as may-have-applied, and scrubs a network error", () => {
    expect(describeUnanswered({ kind: "timeout" }, write)).toMatchObject({
      kind: "unavailable",
      message: "Tracker did not answer within 2.5 seconds. It may have been created.",
      mayHaveApplied: true,
    });
    expect(describeUnanswered({ kind: "unavailable", status: 502 }, read)).toMatchObject({
      message: "Tracker is unavailable (HTTP 502).",
      status: 502,
      mayHaveApplied: false,
    });
    expect(describeUnanswered({ kind: "unavailable", status: 500 }, { ...read, said: "Oops" }).message).toBe(
      "Tracker is unavailable (HTTP 500): Oops",
    );
    const network = describeUnanswered({ kind: "network", error: new TypeError("bad s3cret") }, write);
    expect(network).toMatchObject({
      message: "Could not reach Tracker. It may have been created.",
      mayHaveApplied: true,
    });
    expect(network.cause?.message).toBe("TypeError: bad [redacted]");
  });
});
