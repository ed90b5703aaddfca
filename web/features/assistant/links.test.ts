import { describe, expect, it } from "vitest";
import { screenLinks } from "./links";

describe("screen links under an answer", () => {
  it("names each screen once, in the sources' order, and skips sources with no screen or another origin", () => {
    expect(
      screenLinks([
        { title: "Your account: Delete your account", path: "/account" },
        { title: "What StoryLoom does not do: Dark mode and themes", path: null },
        { title: "Your account: Download all your data", path: "/account" },
        { title: "Teams: Invite a teammate", path: "/team" },
        { title: "elsewhere", path: "//evil.example" },
      ]),
    ).toEqual([
      { label: "Account Settings", path: "/account" },
      { label: "Team", path: "/team" },
    ]);
    expect(screenLinks(undefined)).toEqual([]);
  });
});
