import { beforeEach, describe, expect, it } from "vitest";
import { installSessionStorage } from "../../test/session-storage";
import { rememberAfterSignIn, takeAfterSignInPath, TEAM_REVIEW_PATH } from "./after-sign-in";

beforeEach(installSessionStorage);

describe("after sign-in", () => {
  it("comes back to an invitation link once, then goes to the dashboard", () => {
    rememberAfterSignIn("/team/accept/AbC_123-xyz");
    expect(takeAfterSignInPath()).toBe("/team/accept/AbC_123-xyz");
    expect(takeAfterSignInPath()).toBe("/dashboard");
  });

  it("comes back to the teams the account belongs to after a password reset", () => {
    rememberAfterSignIn("/team#teams-you-belong-to");
    expect(takeAfterSignInPath()).toBe("/team#teams-you-belong-to");
    expect(takeAfterSignInPath()).toBe("/dashboard");
  });

  it("comes back to the review of the own team's members after a reset that listed some (issue 39)", () => {
    rememberAfterSignIn(TEAM_REVIEW_PATH);
    expect(takeAfterSignInPath()).toBe("/team#members-to-review");
    expect(takeAfterSignInPath()).toBe("/dashboard");
  });

  it("comes back to the protected page that sent the visitor to sign in, with its query and anchor", () => {
    for (const path of ["/subscription", "/projects/12/settings", "/history?project=3", "/team#teams-you-belong-to"]) {
      rememberAfterSignIn(path);
      expect(takeAfterSignInPath(), path).toBe(path);
    }
  });

  it("remembers nothing outside the app or of the sign-in pages, so sign-in cannot be steered elsewhere", () => {
    for (const path of [
      "https://evil.example/team/accept/x",
      "//evil.example",
      "/\\evil.example",
      "/team/accept/../../admin",
      "/auth",
      "/auth?tab=signup",
      "/verify-email",
      "/",
      "javascript:alert(1)",
      "/x<script>",
    ]) {
      rememberAfterSignIn(path);
      expect(takeAfterSignInPath(), path).toBe("/dashboard");
    }
  });
});
