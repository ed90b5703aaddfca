import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadBlob, downloadText, REVOKE_DELAY_MS } from "./download";

/** A minimal DOM: the tests run in Node. */
function fakeDom() {
  const clicks: { href: string; download: string; attached: boolean }[] = [];
  const body = { children: new Set<object>(), appendChild: (el: object) => body.children.add(el) };
  const document = {
    body,
    createElement: (tag: string) => {
      expect(tag).toBe("a");
      const link = {
        href: "",
        download: "",
        rel: "",
        style: { display: "" },
        click: () => clicks.push({ href: link.href, download: link.download, attached: body.children.has(link) }),
        remove: () => body.children.delete(link),
      };
      return link;
    },
  };
  vi.stubGlobal("document", document);
  const blobs: Blob[] = [];
  const create = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  return { clicks, body, blobs, create, revoke };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("downloads", () => {
  it("clicks a temporary link to an object URL, then removes it and revokes the URL", () => {
    vi.useFakeTimers();
    const dom = fakeDom();
    const blob = new Blob(["%PDF"], { type: "application/pdf" });
    downloadBlob("stories.pdf", blob);
    expect(dom.clicks).toEqual([{ href: "blob:test/1", download: "stories.pdf", attached: true }]);
    expect(dom.blobs).toEqual([blob]);
    expect(dom.body.children.size).toBe(0);
    expect(dom.revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_DELAY_MS);
    expect(dom.revoke).toHaveBeenCalledWith("blob:test/1");
  });

  it("downloads text with its MIME type", async () => {
    vi.useFakeTimers();
    const dom = fakeDom();
    downloadText("stories.md", "# Title\n", "text/markdown;charset=utf-8");
    expect(dom.clicks[0]?.download).toBe("stories.md");
    expect(dom.blobs[0]?.type).toBe("text/markdown;charset=utf-8");
    expect(await dom.blobs[0]?.text()).toBe("# Title\n");
  });
});
