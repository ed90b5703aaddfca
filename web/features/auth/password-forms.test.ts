import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { zodFieldErrors } from "../../lib/form";
import {
  changePasswordFormSchema,
  CONFIRMATION_REQUIRED,
  emailFromSignIn,
  INVALID_RESET_LINK,
  PASSWORDS_DIFFER,
  resetLinkProblem,
  resetPasswordFormSchema,
} from "./password-forms";

/** What the form shows: the first message per field, as useValidatedForm does. */
function shown(result: { success: boolean; error?: unknown }) {
  return result.success ? {} : zodFieldErrors(result.error as Parameters<typeof zodFieldErrors>[0]);
}

describe("reset password form", () => {
  it("accepts the same new password twice", () => {
    const result = resetPasswordFormSchema.safeParse({ password: "correct horse", confirmPassword: "correct horse" });
    expect(result.success && result.data.password).toBe("correct horse");
  });

  it("shows a mismatch under the confirmation, together with the new password's own problem", () => {
    expect(shown(resetPasswordFormSchema.safeParse({ password: "short", confirmPassword: "shorter" }))).toEqual({
      password: "Password must be at least 8 characters",
      confirmPassword: PASSWORDS_DIFFER,
    });
    const typo = resetPasswordFormSchema.safeParse({ password: "correct horse", confirmPassword: "correct hors" });
    expect(shown(typo)).toEqual({ confirmPassword: PASSWORDS_DIFFER });
  });

  it("asks for the confirmation when it is empty rather than calling it a mismatch", () => {
    expect(shown(resetPasswordFormSchema.safeParse({ password: "correct horse", confirmPassword: "" }))).toEqual({
      confirmPassword: CONFIRMATION_REQUIRED,
    });
  });

  it("keeps the server's length rule (at most 128 characters)", () => {
    const long = "x".repeat(129);
    expect(shown(resetPasswordFormSchema.safeParse({ password: long, confirmPassword: long }))).toEqual({
      password: "Password must be at most 128 characters",
    });
  });
});

describe("change password form", () => {
  it("reports every field at once: a missing current password and a mismatch", () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: "",
      newPassword: "correct horse",
      confirmNewPassword: "correct horsE",
    });
    expect(shown(result)).toEqual({
      currentPassword: "Enter your current password",
      confirmNewPassword: PASSWORDS_DIFFER,
    });
  });

  it("passes what the API takes", () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: "old one",
      newPassword: "correct horse",
      confirmNewPassword: "correct horse",
    });
    expect(result.success && { current: result.data.currentPassword, next: result.data.newPassword }).toEqual({
      current: "old one",
      next: "correct horse",
    });
  });
});

describe("resetLinkProblem", () => {
  const failure = (status: number, fields: Record<string, unknown>) =>
    new ApiError(status, "", JSON.stringify({ success: false, code: "bad_request", requestId: "req_1", ...fields }));

  it("is the server's words when the link itself was refused", () => {
    const used = "This password reset link has already been used. Ask for a new one.";
    expect(resetLinkProblem(failure(400, { error: used, details: { field: "token" } }))).toBe(used);
    const unknown = failure(400, { error: INVALID_RESET_LINK, details: { field: "token" } });
    expect(resetLinkProblem(unknown)).toBe(INVALID_RESET_LINK);
  });

  it("is nothing for a refused password or any other failure", () => {
    const common = "This password is too common. Please choose a less guessable one.";
    expect(resetLinkProblem(failure(400, { error: common, details: { field: "password" } }))).toBeUndefined();
    expect(resetLinkProblem(failure(500, { error: "Internal error" }))).toBeUndefined();
    expect(resetLinkProblem(new TypeError("Failed to fetch"))).toBeUndefined();
  });
});

describe("emailFromSignIn", () => {
  it("carries an address typed on the sign-in form to the reset form, and nothing else", () => {
    expect(emailFromSignIn("  Ann@Example.com ")).toBe("ann@example.com");
    expect(emailFromSignIn("demo")).toBe("");
    expect(emailFromSignIn("")).toBe("");
  });
});
