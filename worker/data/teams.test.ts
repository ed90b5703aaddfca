import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "./db";
import { projectWithRoleQuery, transcriptWithRoleQuery } from "./teams";

// Issue 26: the role lookup was a correlated sub-select whose columns drizzle rendered unqualified, so it compared
// `"owner_id" = "owner_id"` inside the sub-select (always true) and any active membership opened every account's
// projects. These pins fail if an access query ever loses its table-qualified join condition.
describe("access queries", () => {
  const db = createDb(env.DB);
  /** Every quoted identifier that is not preceded by a table or alias qualifier ("t"."c" is fine, "c" alone is not). */
  const unqualifiedColumns = (sql: string) =>
    [...sql.matchAll(/(?<![."\w])"(\w+)"(?!\.)/g)]
      .map((m) => m[1])
      .filter((name) => !["projects", "transcripts", "team_memberships", "membership"].includes(name!));

  it("joins the membership on the project's owner and the asking account, every column qualified", () => {
    const { sql, params } = projectWithRoleQuery(db, 11, 22).toSQL();
    expect(sql).toContain(
      `from "projects" left join "team_memberships" "membership" on ("membership"."owner_id" = "projects"."owner_id" and "membership"."member_id" = ? and "membership"."status" = ?) where "projects"."id" = ?`,
    );
    expect(sql).toMatch(/^select "projects"\."id", .*"membership"\."role" from/);
    expect(unqualifiedColumns(sql)).toEqual([]);
    expect(params).toEqual([22, "active", 11]);
  });

  it("joins the membership on the transcript's owner and the asking account, every column qualified", () => {
    const { sql, params } = transcriptWithRoleQuery(db, 11, 22).toSQL();
    expect(sql).toContain(
      `from "transcripts" left join "team_memberships" "membership" on ("membership"."owner_id" = "transcripts"."owner_id" and "membership"."member_id" = ? and "membership"."status" = ?) where "transcripts"."id" = ?`,
    );
    expect(unqualifiedColumns(sql)).toEqual([]);
    expect(params).toEqual([22, "active", 11]);
  });

  it("the old correlated form is what the check catches", () => {
    expect(
      unqualifiedColumns(
        `select (SELECT "role" FROM "team_memberships" WHERE "owner_id" = "owner_id") from "projects"`,
      ),
    ).toEqual(["role", "owner_id", "owner_id"]);
  });
});
