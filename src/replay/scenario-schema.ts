import { z } from "zod";
import { HttpNodeConfigSchema } from "../config/http-node-config.js";
import { ProfileSchema } from "../profile.js";
import { compileInputPattern } from "../text/input-pattern.js";

/** How the arguments of an expected call are compared: all of them, only the given ones, or all but some keys. */
export const ArgsMatchSchema = z.union([
  z.enum(["exact", "subset"]),
  z.object({ ignore: z.array(z.string().min(1)).min(1) }).strict(),
]);
export type ArgsMatch = z.infer<typeof ArgsMatchSchema>;

/** One expected tool call: its tool, optionally its arguments, outcome and HTTP status. */
export const ExpectedCallSchema = z
  .object({
    tool: z.string().min(1),
    args: z.unknown().optional(),
    match: ArgsMatchSchema.optional(),
    outcome: z.enum(["ok", "error"]).optional(),
    status: z.number().int().min(100).max(599).optional(),
  })
  .strict();
export type ExpectedCall = z.infer<typeof ExpectedCallSchema>;

/**
 * Trajectory modes (as agentevals names them): `strict` same calls in the same order; `unordered` same
 * calls in any order; `subset` every actual call is expected (no extra tools); `superset` every expected
 * call happened (extra calls allowed).
 */
export const TrajectoryModeSchema = z.enum(["strict", "unordered", "subset", "superset"]);
export type TrajectoryMode = z.infer<typeof TrajectoryModeSchema>;

/** Expectations on one collection of the emulator's `snapshot()` (e.g. `events`). */
export const CollectionExpectationSchema = z
  .object({
    contains: z.array(z.record(z.string(), z.unknown())).optional(),
    lacks: z.array(z.record(z.string(), z.unknown())).optional(),
    count: z.number().int().min(0).optional(),
  })
  .strict();
export type CollectionExpectation = z.infer<typeof CollectionExpectationSchema>;

/**
 * A regular expression the answer must match: one RE2 can run (`compileInputPattern`), since a committed
 * scenario is input too and the answer is the model's (a crafted `aaaa…a!` against `(a+)+$` would
 * otherwise stall `run` in CI).
 */
const AnswerPatternSchema = z.string().superRefine((pattern, context) => {
  const compiled = compileInputPattern(pattern);
  if (!compiled.ok) context.addIssue({ code: "custom", message: `/${pattern}/: ${compiled.reason}` });
});

export const AnswerExpectationSchema = z
  .object({
    contains: z.string().optional(),
    equals: z.string().optional(),
    matches: AnswerPatternSchema.optional(),
  })
  .strict();

export const ExpectationsSchema = z
  .object({
    trajectory: TrajectoryModeSchema.default("strict"),
    args: ArgsMatchSchema.default("exact"),
    calls: z.array(ExpectedCallSchema).optional(),
    state: z.record(z.string(), CollectionExpectationSchema).optional(),
    answer: AnswerExpectationSchema.optional(),
  })
  .strict();
/** A scenario's `expect:`: the calls, their arguments and outcomes, the end state and the answer. */
export type Expectations = z.infer<typeof ExpectationsSchema>;

/** One scripted model turn: tool calls, or the final answer. */
export const ScriptedTurnSchema = z.union([
  z
    .object({
      calls: z
        .array(
          z.object({ tool: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) }).strict(),
        )
        .min(1),
    })
    .strict(),
  z.object({ answer: z.string() }).strict(),
]);
export type ScriptedTurn = z.infer<typeof ScriptedTurnSchema>;

/**
 * `provider:model` (run through `initChatModel`) or a script of turns (run through `fakeModel()`, or with
 * `via: provider:model` through that provider's real LangChain class and tooldeck's emulator of the
 * provider, which refuses the tools the provider would).
 */
export const ScenarioModelSchema = z.union([
  z.string().regex(/^[\w.-]+:.+$/, "expected provider:model, e.g. openai:gpt-4o-mini"),
  z
    .object({
      scripted: z.array(ScriptedTurnSchema).min(1),
      via: z
        .string()
        .regex(/^(openai|anthropic|google-genai):.+$/, "expected openai:, anthropic: or google-genai:<model>")
        .optional(),
    })
    .strict(),
]);
export type ScenarioModel = z.infer<typeof ScenarioModelSchema>;

/** An HTTP node step: the name of an `http` config among the scenario's tools, or one written inline. */
export const ScenarioStepSchema = z.union([z.string().min(1), HttpNodeConfigSchema]);
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>;

/** The clock the scenario runs at when it names none: `{{current_date_time}}` stays the same run to run. */
export const DEFAULT_SCENARIO_NOW = "2024-07-01T09:00:00.000Z";

/**
 * What the tools run against besides the embedded emulators, answering every other host: a stateful
 * emulator of an OpenAPI description (docs/spec-emulator.md) with optional seed items, or the answers of
 * recorded traffic (`traffic:` a .traffic.json, HAR or cassette file; docs/traffic.md).
 */
export const ScenarioEmulatorSchema = z.union(
  [
    z.object({ spec: z.string().min(1), seed: z.string().min(1).optional() }).strict(),
    z.object({ traffic: z.string().min(1) }).strict(),
  ],
  { error: "expected { spec, seed } or { traffic }" },
);

/**
 * A scenario file (YAML or JSON). Paths (`tools`, `flow`, `cassette`) are relative to the file. `flow`
 * names the flow (a file, or an agent: `flow.json › Agent 1`) whose tools the model is given when the
 * tools hold several. `profile` may list both profiles: the scenario then runs once under each, with one
 * cassette per profile.
 */
export const ScenarioSchema = z
  .object({
    name: z.string().min(1).optional(),
    description: z.string().optional(),
    tools: z.array(z.string().min(1)).min(1),
    flow: z.string().min(1).optional(),
    profile: z
      .union([ProfileSchema, z.array(ProfileSchema).min(1)], {
        error: "expected standard, n8n, flowise, or a list of them",
      })
      .default("standard"),
    vars: z.record(z.string(), z.string()).default({}),
    now: z.iso.datetime({ offset: true }).default(DEFAULT_SCENARIO_NOW),
    system: z.string().optional(),
    /** The provider state the conversation starts from (`event 1 exists`), for `tooldeck verify`. */
    providerState: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    messages: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)], {
      error: "expected the user's message, or a list of messages",
    }),
    model: ScenarioModelSchema,
    before: z.array(ScenarioStepSchema).default([]),
    after: z.array(ScenarioStepSchema).default([]),
    cassette: z.string().min(1).optional(),
    emulator: ScenarioEmulatorSchema.optional(),
    expect: ExpectationsSchema.default({ trajectory: "strict", args: "exact" }),
  })
  .strict();
export type ScenarioFile = z.infer<typeof ScenarioSchema>;
