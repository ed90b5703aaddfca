import { expect, it } from "vitest";
import { withDeadline } from "./deadline";

const late = () => new Error("too late");

it("settles like the work when it finishes in time", async () => {
  await expect(withDeadline(Promise.resolve("done"), 1_000, late)).resolves.toBe("done");
  await expect(withDeadline(Promise.reject(new Error("failed")), 1_000, late)).rejects.toThrow("failed");
});

it("rejects with the deadline's error when the work takes longer", async () => {
  const never = new Promise<string>(() => {});
  await expect(withDeadline(never, 10, late)).rejects.toThrow("too late");
});
