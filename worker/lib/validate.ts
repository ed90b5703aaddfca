import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import * as z from "zod";
import type { ZodType } from "zod";
import { AppError, notFound } from "./errors";
import { documentRequest } from "./openapi";

type Issue = z.core.$ZodIssue;

/** How a message names each JSON type zod may expect ("username must be text"). */
const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

/**
 * The wrong-type issue behind `issue`, if that is what it is. A union (e.g. "" or an email address) reports one
 * issue per alternative, so a value of the wrong type shows up as an invalid_type inside it.
 */
function wrongTypeIssue(issue: Issue): Extract<Issue, { code: "invalid_type" }> | undefined {
  if (issue.code === "invalid_type") return issue;
  if (issue.code === "invalid_union") {
    return issue.errors.flat().find((inner) => inner.code === "invalid_type" && inner.path.length === 0) as
      Extract<Issue, { code: "invalid_type" }> | undefined;
  }
  return undefined;
}

/**
 * What went wrong, in words: a missing field is "required", a field of the wrong type says which type it must be,
 * and everything else keeps the schema's own message. `input` is only on issues because validate() asks zod for
 * it (reportInput): without it a missing field and a wrong type look the same.
 */
function issueMessage(issue: Issue): string {
  const field = issue.path.join(".") || "body";
  const wrongType = wrongTypeIssue(issue);
  if (!wrongType) return issue.message;
  if (issue.input === undefined) return `${field} is required`;
  return `${field} must be ${TYPE_NAMES[wrongType.expected] ?? wrongType.expected}`;
}

/**
 * Refuses text that is not well-formed UTF-16 anywhere in a request's values, keys included. JSON's \uD800 escapes
 * can carry lone surrogates, which D1 stores as U+FFFD: the stored text would differ from what the write answered,
 * and its length from what the limits checked. A loop rather than recursion, so deep nesting cannot overflow.
 */
function refuseMalformedText(value: unknown): void {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: "" }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const malformed = typeof next.value === "string" && !next.value.isWellFormed();
    if (malformed) {
      const message = "The request contains malformed text (an unpaired UTF-16 surrogate).";
      throw new AppError("validation_failed", message, { details: { issues: [{ path: next.path, message }] } });
    }
    if (next.value === null || typeof next.value !== "object") continue;
    for (const [key, item] of Object.entries(next.value)) {
      pending.push({ value: key, path: next.path }, { value: item, path: next.path ? `${next.path}.${key}` : key });
    }
  }
}

/** Checks the text, then parses with each issue's input kept, which issueMessage needs. */
function parseReportingInput(schema: ZodType, value: unknown) {
  refuseMalformedText(value);
  return schema.safeParseAsync(value, { reportInput: true });
}

/** zValidator that answers in the shared error shape, with the first problem as the message. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  const validator = zValidator(
    target,
    schema,
    (result) => {
      if (!result.success) {
        const issues = result.error.issues;
        throw new AppError("validation_failed", issues[0] ? issueMessage(issues[0]) : "Invalid request", {
          details: { issues: issues.map((i) => ({ path: i.path.join("."), message: issueMessage(i) })) },
        });
      }
    },
    // The option's type depends on Schema, which stays unresolved inside this generic wrapper; the function returns
    // exactly what zValidator's own default (schema.safeParseAsync) would.
    { validationFunction: parseReportingInput as never },
  );
  return documentRequest(validator, target, schema);
}

/**
 * An id in a URL: only the canonical spelling of a positive integer ("12"; never "012", "+12", "1e1", "0xc", "12.0"
 * or " 12"), so one row has one address. Sixteen digits at most, and no larger than a double holds exactly.
 */
export const canonicalId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number)
  .refine(Number.isSafeInteger);

/**
 * Validates ids taken from the URL (`schema` built with canonicalId). Any other spelling answers 404 exactly like a
 * missing id of `resource` ("Project not found"), never a 400 that would tell it apart.
 */
export function validateIds<Target extends "param" | "query", Schema extends ZodType>(
  target: Target,
  schema: Schema,
  resource: string,
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) throw notFound(resource);
  });
  return documentRequest(validator, target, schema);
}

/** The `/:id` path parameter of a `resource` route ("Project", "Transcript"). */
export const idParam = (resource: string) => validateIds("param", z.object({ id: canonicalId }), resource);
