import { describe, expect, it } from "vitest";
import { analyse, itemsIn, itemsOf, loadLanguage, read, type Item } from "./index";

// The meeting's items (issue 40): one reading the embedded generator, the gate and the coverage report share.
// Sentences here are written for these tests.
await loadLanguage();

const kinds = (text: string) => itemsOf(text).map((x) => [x.kind, text.slice(x.start, x.end)]);

describe("the items of a meeting", () => {
  it("reads a recap's list as one item per thing, and not its opening words", () => {
    const text =
      "Nina: Okay, so to sum up, you need: a shared calendar for the crew, and alerts when a shift is swapped. Exports of the hours to payroll.";
    const items = kinds(text);
    // (each an ask or a decision: a recap's items are filed as agreed)
    for (const [kind] of items) expect(["ask", "decision"]).toContain(kind);
    expect(items.map(([, quote]) => quote)).toEqual([
      "a shared calendar for the crew",
      "alerts when a shift is swapped",
      "Exports of the hours to payroll",
    ]);
  });

  it("files a notes' task line and a request put to someone as action items", () => {
    expect(kinds("ACTION: Omar to draft the data migration plan for the billing tables")[0]?.[0]).toBe("action");
    expect(kinds("Ravi: Could you send me the latest invoice template before Friday?")[0]?.[0]).toBe("action");
  });

  it("reads a need told in the past, or as the drawback of a choice, as no ask; a wish told in the past stays one", () => {
    expect(kinds("Kai: The drivers had to re-enter the whole route every morning, which was a nightmare.")).toEqual([]);
    expect(kinds("Kai: Last year we needed to phone every driver to confirm the route.")).toEqual([]);
    expect(kinds("Kai: Most survey customers wanted to pay their parking fines online.")[0]?.[0]).toBe("ask");
    expect(kinds("Kai: A manual mode also means that drivers have to confirm every stop by hand.")).toEqual([]);
    expect(kinds("Kai: I mean, drivers have to confirm the last stop by hand.")[0]?.[0]).toBe("ask");
    expect(kinds("Kai: Contractors are required to upload a safety certificate before each job.")[0]?.[0]).toBe("ask");
    // a complaint: what someone has to do under a problem named is the burden, not the ask
    expect(kinds("Kai: The worst part is that dispatchers have to phone every driver to confirm the route.")).toEqual(
      [],
    );
    expect(kinds("Kai: It's a nightmare, I have to copy every order into the spreadsheet by hand.")).toEqual([]);
    expect(
      kinds(
        "Kai: The problem is customers can't see their balance, so they need to see it on the home screen.",
      )[0]?.[0],
    ).toBe("ask");
  });

  it("reads a speaker's not knowing or not thinking as no refusal, and a team's not doing as one", () => {
    expect(kinds("Lena: I don't remember the name of the courier we used for the pallets.")).toEqual([]);
    expect(kinds("Lena: Sorry, I don't have the pricing information for the bigger screens.")).toEqual([]);
    expect(kinds("Lena: We don't need a barcode printer for the pallets.")[0]?.[0]).toBe("rejected");
    expect(kinds("Lena: We won't build a separate kiosk app for the pallets.")[0]?.[0]).toBe("rejected");
  });

  it("turns down the asks of a topic the minutes close without doing it", () => {
    const minutes = [
      "[Issue 41](https://example.org/issues/41): Proposal: a bulk export API",
      " * [ana] We need a bulk export API for all invoices.",
      " * [ben] It should stream the results in pages of a thousand.",
      " * Resolution: the proposal is declined.",
      "[Issue 42](https://example.org/issues/42): Query limits",
      " * [ana] Users must see their remaining quota on the dashboard.",
      " * Resolution: Longer ranges reject with a RangeError.",
    ].join("\n");
    const found = kinds(minutes);
    const kindOfQuote = (quote: string) => found.find(([, q]) => q!.includes(quote))?.[0];
    expect(kindOfQuote("bulk export API for all invoices")).toBe("rejected");
    expect(kindOfQuote("stream the results")).toBe("rejected");
    expect(kindOfQuote("remaining quota")).toBe("ask");
    // (a meeting with no topics is not one topic to close)
    const plain = "Ana: We need a bulk export API for all invoices.\nDecision: close the issue about the old exporter.";
    expect(kinds(plain)[0]?.[0]).toBe("ask");
  });

  it("files a stated decision, not one the meeting only plans to make", () => {
    expect(kinds("Priya: We decided on Stripe for the clinic payments.")[0]?.[0]).toBe("decision");
    expect(kinds("Priya: The goal today is to agree what goes into the next two sprints for the app.")).toEqual([]);
    expect(kinds("Priya: Let's agree on the release date for the clinics.")).toEqual([]);
  });

  it("keeps a question that asks what is needed, and a proposal put as a question, as asks", () => {
    expect(kinds("Ravi: Would you want the monthly export to include the VAT numbers?")[0]?.[0]).not.toBe("action");
    expect(kinds("Can we let drivers mark a parcel as damaged from the van?")[0]?.[0]).toBe("ask");
  });

  it("is surer of a direct ask than of a weak signal, and of a task handed out than of either", () => {
    const confidence = (text: string) => itemsOf(text)[0]?.confidence ?? 0;
    const direct = confidence("Nina: Warehouse pickers must see the bin location on the handheld scanner.");
    const weak = confidence("Nina: It would be handy for the bin locations to show up somewhere on the scanners.");
    const task = confidence("Omar to draft the data migration plan by Thursday.");
    expect(direct).toBeGreaterThan(weak);
    expect(task).toBeGreaterThanOrEqual(direct);
    for (const c of [direct, weak, task]) expect(c).toBeGreaterThan(0);
  });

  it("finds the items over a range by binary search, exactly those a scan finds", () => {
    const text = Array.from(
      { length: 40 },
      (_, i) => `Sam: The report ${i} must show the totals per depot. Why is report ${i} so slow today?`,
    ).join("\n");
    const items = itemsOf(text);
    expect(items.length).toBeGreaterThan(40);
    const scan = (a: number, b: number) => items.filter((x: Item) => x.start < b && x.end > a);
    for (const [a, b] of [
      [0, 1],
      [100, 900],
      [text.length - 30, text.length],
      [text.length, text.length + 5],
    ] as const)
      expect(itemsIn(items, a, b)).toEqual(scan(a, b));
    // and reads no more than asked: a range over the whole meeting, capped
    expect(itemsIn(items, 0, text.length, 5)).toEqual(items.slice(0, 5));
  });

  it("reads once: a reading's sentences and kinds are made once, and its items are kept for the same text", () => {
    const text = "Lee: Managers must approve every refund over fifty pounds. We decided to drop the paper forms.";
    const reading = read(analyse(text));
    expect(reading.sentences).toBe(reading.sentences);
    expect(reading.kinds).toHaveLength(reading.sentences.length);
    expect(itemsOf(text)).toBe(reading.items);
  });
});
