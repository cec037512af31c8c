import type { z } from "zod";
import { compileInputPattern } from "../text/input-pattern.js";
import type { AnswerExpectationSchema } from "./scenario-schema.js";

/**
 * Checks the final answer: `contains` a text, `equals` a text, `matches` a regular expression (matched
 * by RE2, in time linear in the answer: `compileInputPattern`).
 */
export function checkAnswer(answer: string, expected: z.infer<typeof AnswerExpectationSchema>): string[] {
  const failures: string[] = [];
  const quoted = JSON.stringify(answer.length > 200 ? `${answer.slice(0, 200)}…` : answer);
  if (expected.contains !== undefined && !answer.includes(expected.contains)) {
    failures.push(`answer: expected to contain ${JSON.stringify(expected.contains)}, got ${quoted}`);
  }
  if (expected.equals !== undefined && answer !== expected.equals) {
    failures.push(`answer: expected ${JSON.stringify(expected.equals)}, got ${quoted}`);
  }
  if (expected.matches !== undefined && !matches(expected.matches, answer)) {
    failures.push(`answer: expected to match /${expected.matches}/, got ${quoted}`);
  }
  return failures;
}

/** Whether the answer matches; a pattern RE2 cannot run (refused when the scenario loads) never does. */
function matches(pattern: string, answer: string): boolean {
  const compiled = compileInputPattern(pattern);
  return compiled.ok && compiled.pattern.test(answer);
}
