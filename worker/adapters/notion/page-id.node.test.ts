import { describe, expect, it } from "vitest";
import { notionPageIdFromUrl } from "../../../schema/api/integrations";

// notionPageIdFromUrl lives with the API's shapes (schema/api/integrations.ts); these are the URL forms Notion shows.
// The HTTP answers to hostile links (400 on create and update) are in worker/routes/integrations.test.ts.
const ID = "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d";
const HEX = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d";

describe("notionPageIdFromUrl", () => {
  it.each([
    ["a workspace page link", `https://www.notion.so/acme/Roadmap-${HEX}`],
    ["a link without a title, with a view", `https://www.notion.so/${HEX}?v=0f9e8d7c6b5a49382716f5e4d3c2b1a0`],
    ["a published notion.site page", `https://acme.notion.site/Roadmap-${HEX}?pvs=4`],
    [
      "notion.so without www, with a block anchor (the page wins)",
      `https://notion.so/${HEX}#9f8e7d6c5b4a49382716f5e4d3c2b1a0`,
    ],
    [
      "a block anchor after a titled page",
      `https://www.notion.so/acme/Roadmap-${HEX}#9f8e7d6c5b4a49382716f5e4d3c2b1a0`,
    ],
    ["a hyphenated UUID at the end of a link", `https://www.notion.so/acme/${ID}`],
    ["a published page with a hyphenated workspace", `https://my-team.notion.site/${HEX}`],
    ["upper case and spaces around it", `  https://WWW.NOTION.SO/acme/Roadmap-${HEX.toUpperCase()}  `],
    ["a trailing slash", `https://www.notion.so/acme/Roadmap-${HEX}/`],
  ])("reads %s", (_, input) => {
    expect(notionPageIdFromUrl(input)).toBe(ID);
  });

  it.each([
    ["another host", `https://evil.com/${HEX}`],
    ["a host that only contains notion.so", `https://notion.so.evil.com/${HEX}`],
    ["a host ending in notion.so without the dot", `https://evilnotion.so/${HEX}`],
    ["plain http", `http://www.notion.so/acme/Roadmap-${HEX}`],
    // Security issue 26: only https links on Notion's hosts, whatever else ends in an id.
    ["a javascript: URL", `javascript:alert(document.cookie)//${HEX}`],
    ["a javascript: URL in capitals with spaces", `  JavaScript:alert(1)//https://www.notion.so/${HEX}`],
    ["a file: URL", `file:///etc/${HEX}`],
    ["a data: URL", `data:text/html,<script>alert(1)</script>${HEX}`],
    ["a scheme-relative link", `//www.notion.so/${HEX}`],
    ["a bare 32-hex id", HEX],
    ["a bare hyphenated id", ID],
    ["userinfo naming Notion before another host", `https://notion.so@evil.com/${HEX}`],
    ["userinfo with a password before another host", `https://www.notion.so:pw@evil.com/${HEX}`],
    ["userinfo in front of Notion itself", `https://someone@www.notion.so/${HEX}`],
    ["a backslash before the host's end", `https://evil.com\\@www.notion.so/${HEX}`],
    ["another port", `https://www.notion.so:8443/${HEX}`],
    ["a trailing dot on the host", `https://www.notion.so./${HEX}`],
    ["another subdomain of notion.so", `https://evil.notion.so/${HEX}`],
    ["notion.site itself", `https://notion.site/${HEX}`],
    ["a nested notion.site subdomain", `https://a.b.notion.site/${HEX}`],
    ["a host ending in notion.site without the dot", `https://evilnotion.site/${HEX}`],
    ["a look-alike with a Cyrillic o", `https://n\u043etion.so/${HEX}`],
    ["a malformed %-escape", `https://www.notion.so/%E0%A4%A/${HEX}`],
    ["an id that is too short", `https://www.notion.so/acme/Roadmap-${HEX.slice(1)}`],
    ["non-hex characters", `https://www.notion.so/acme/Roadmap-${HEX.slice(0, 31)}g`],
    ["no id at all", "https://www.notion.so/acme/Roadmap"],
    ["an empty string", ""],
    ["a URL that does not parse", "https://"],
  ])("refuses %s", (_, input) => {
    expect(notionPageIdFromUrl(input)).toBeNull();
  });

  // 33 or more hex digits are not an id with something in front: reading their last 32 would name a page nobody gave.
  it.each([["an id that is too long", `https://www.notion.so/acme/Roadmap-0${HEX}`]])("refuses %s", (_, input) => {
    expect(notionPageIdFromUrl(input)).toBeNull();
  });

  it("reads the page of a side peek beside a database (the `p` parameter), not the database", () => {
    const database = "f".repeat(32);
    expect(notionPageIdFromUrl(`https://www.notion.so/acme/${database}?v=${"e".repeat(32)}&p=${HEX}&pm=s`)).toBe(
      `${HEX.slice(0, 8)}-${HEX.slice(8, 12)}-${HEX.slice(12, 16)}-${HEX.slice(16, 20)}-${HEX.slice(20)}`,
    );
  });
});
