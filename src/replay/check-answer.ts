import type { z } from "zod";
import type { AnswerExpectationSchema } from "./scenario-schema.js";

/** Checks the final answer: `contains` a text, `equals` a text, `matches` a regular expression. */
export function checkAnswer(answer: string, expected: z.infer<typeof AnswerExpectationSchema>): string[] {
  const failures: string[] = [];
  const quoted = JSON.stringify(answer.length > 200 ? `${answer.slice(0, 200)}…` : answer);
  if (expected.contains !== undefined && !answer.includes(expected.contains)) {
    failures.push(`answer: expected to contain ${JSON.stringify(expected.contains)}, got ${quoted}`);
  }
  if (expected.equals !== undefined && answer !== expected.equals) {
    failures.push(`answer: expected ${JSON.stringify(expected.equals)}, got ${quoted}`);
  }
  if (expected.matches !== undefined && !new RegExp(expected.matches).test(answer)) {
    failures.push(`answer: expected to match /${expected.matches}/, got ${quoted}`);
  }
  return failures;
}
