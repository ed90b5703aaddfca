import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z, type ZodType } from "zod";
import { AppError } from "./errors";

/** zValidator that answers in the shared error shape, with the first problem as the message. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      const first = issues[0];
      const field = first?.path.join(".");
      const message = first
        ? first.code === "invalid_type" && first.input === undefined
          ? `${field || "body"} is required`
          : first.message
        : "Invalid request";
      throw new AppError("validation_failed", message, {
        details: { issues: issues.map((i) => ({ path: i.path.join("."), message: i.message })) },
      });
    }
  });
}

/** `/:id` path parameters: a positive integer (anything else is a 400, not a query). */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
