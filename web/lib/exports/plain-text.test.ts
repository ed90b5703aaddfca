import { describe, expect, it } from "vitest";
import { storiesToPlainText } from "./plain-text";
import { FIXTURE } from "./test-fixture";

describe("storiesToPlainText", () => {
  it("renders the golden output", async () => {
    await expect(storiesToPlainText(FIXTURE)).toMatchFileSnapshot("./__golden__/stories.txt");
  });

  it("never exports evidence", () => {
    expect(storiesToPlainText(FIXTURE)).not.toContain("EVIDENCE");
  });
});
