import { z } from "zod";
import { ProfileSchema } from "../../profile.js";
import { SeveritySchema } from "../diagnostic.js";

const Fn = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === "function",
  "expected a function",
);

/**
 * A rule a module exports, held to the `LintRule` shape the built-ins have (src/lint/rule.ts): ids are
 * lower-case words with dashes, optionally under a namespace (`acme/no-delete-tools`).
 */
export const CustomRuleSchema = z.object({
  id: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)?$/,
      "expected an id like no-delete-tools or acme/no-delete-tools",
    ),
  severity: SeveritySchema,
  otherSeverities: z.array(SeveritySchema).optional(),
  profiles: z.array(ProfileSchema).min(1),
  description: z.string().min(1),
  docs: z.string().min(1),
  explains: z.array(z.enum(["missed-operation", "rejected-request"])).optional(),
  appliesTo: Fn,
  check: Fn,
});

/** What a rule's `check` returns: findings, each with at least a message. */
export const CustomFindingsSchema = z.array(
  z.object({
    message: z.string(),
    path: z.string().optional(),
    tool: z.string().optional(),
    severity: SeveritySchema.optional(),
    suggestion: z.string().optional(),
    cause: z.object({ key: z.string().min(1), summary: z.string().min(1) }).optional(),
  }),
);

/** A rule module: `export const rules = [...]`, or a default export of `{ rules }` or of the list. */
export const RuleModuleSchema = z.union([
  z.object({ rules: z.array(z.unknown()) }),
  z.object({ default: z.union([z.object({ rules: z.array(z.unknown()) }), z.array(z.unknown())]) }),
]);
