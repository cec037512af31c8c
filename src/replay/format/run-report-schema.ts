import { z } from "zod";
import { ProfileSchema } from "../../profile.js";
import { CassetteCallSchema } from "../cassette.js";
import type { ScenarioResult } from "../scenario-result.js";
import { type RunEntry, toRunEntry } from "./run-report.js";

/** A scenario run as `run --format json` writes it: see `ScenarioResult`. */
const ScenarioResultSchema = z.object({
  name: z.string(),
  file: z.string().optional(),
  profile: ProfileSchema,
  mode: z.enum(["recorded", "live", "replayed", "missing"]),
  passed: z.boolean(),
  failures: z.array(z.string()),
  diff: z.array(z.string()),
  drift: z.array(z.string()),
  calls: z.array(CassetteCallSchema),
  answer: z.string(),
  state: z.record(z.string(), z.unknown()),
  system: z.string().optional(),
  cassette: z.string().optional(),
});

/** A scenario file that could not run, as `run --format json` writes it. */
const BrokenScenarioSchema = z.object({
  file: z.string(),
  name: z.string(),
  passed: z.literal(false),
  error: z.string(),
});

/** `tooldeck run --format json`'s report: the counts, and every scenario run. */
export const RunJsonSchema = z.object({
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  scenarios: z.array(z.union([BrokenScenarioSchema, ScenarioResultSchema])),
});
export type RunJson = z.infer<typeof RunJsonSchema>;

/** The report's entries again, as `tooldeck run` had them before it wrote the JSON. */
export function fromRunJson(report: RunJson): RunEntry[] {
  return report.scenarios.map((scenario): RunEntry => {
    if ("error" in scenario)
      return { file: scenario.file, name: scenario.name, passed: false, lines: [scenario.error] };
    return toRunEntry(scenario as ScenarioResult);
  });
}
