import { afterEach, describe, expect, it, vi } from "vitest";
import { confirmPayment, isConfirmingPayment } from "./payment-confirmation";

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

describe("confirmPayment", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends one call at a time: a second caller gets the pending call's answer", async () => {
    let release!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetchMock);

    const first = confirmPayment();
    const second = confirmPayment();
    expect(isConfirmingPayment()).toBe(true);
    release(answer({ status: "incomplete" }));

    expect(await first).toEqual({ status: "incomplete" });
    expect(await second).toEqual({ status: "incomplete" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/confirm-payment", expect.objectContaining({ method: "POST" }));
    expect(isConfirmingPayment()).toBe(false);
  });

  it("lets the next call through after a failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("down", { status: 503 })),
    );
    await expect(confirmPayment()).rejects.toThrow("503: down");
    expect(isConfirmingPayment()).toBe(false);

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer({ status: "active" })),
    );
    expect(await confirmPayment()).toEqual({ status: "active" });
  });
});
