import { MADE_UP_PREFIX } from "./example-scalars.js";
import type { ProbeFinding } from "./judge-exchange.js";
import { checkSchema } from "./schema-check.js";

/**
 * Why a probe's failure is tooldeck's and not the tool's, or undefined when it is not: the arguments
 * tooldeck made do not fit the tool's own schema (a pattern it could not meet), or the service refused
 * (a 4xx, or before sending) a value tooldeck made up, quoting it or naming its parameter (`query
 * parameter "status" must be equal to one of the allowed values`: a tool whose schema says only
 * "string" gets a made-up text, which an enum refuses; the model reads the values from the description).
 */
export function ownArgumentsFault(
  schema: Record<string, unknown>,
  args: unknown,
  findings: readonly ProbeFinding[],
): string | undefined {
  if (findings.length === 0) return undefined;
  const problem = checkSchema(schema, args);
  if (problem !== undefined && problem !== "uncheckable")
    return `tooldeck's probe arguments do not fit the tool's schema: ${problem}`;
  for (const finding of findings) {
    if (!isRefusal(finding)) continue;
    const evidence = evidenceOf(finding.message);
    const quoted = madeUpValues(args).find(
      ([path, value]) => evidence.includes(value) || namesParameter(evidence, path.split(".").at(-1) ?? ""),
    );
    if (quoted) return `the value tooldeck made up for ${quoted[0]} was refused`;
  }
  return undefined;
}

/**
 * A failed probe's findings as infos that say the failure is tooldeck's: a call made with arguments the
 * model would not have written says nothing about the tool.
 */
export function asOwnArgumentsInfo(findings: readonly ProbeFinding[], why: string): ProbeFinding[] {
  return findings.map((finding) => ({
    ...finding,
    severity: "info",
    message: `${finding.message} (not the tool's fault: ${why})`,
  }));
}

/** Whether the answer names the parameter in quotes, as written or JSON-escaped (`\"status\"`). */
function namesParameter(evidence: string, name: string): boolean {
  return name !== "" && (evidence.includes(`"${name}"`) || evidence.includes(`\\"${name}\\"`));
}

function isRefusal(finding: ProbeFinding): boolean {
  return (
    finding.symptom === "rejected-request" ||
    / answered 4\d\d\b/.test(finding.message) ||
    finding.message.startsWith("the call failed before sending")
  );
}

/** What the service or tool said, without the request line (a value in the path is not a quote of it). */
function evidenceOf(message: string): string {
  const answered = / answered \d{3}/.exec(message);
  return answered ? message.slice(answered.index + answered[0].length) : message;
}

/** Each made-up string among the arguments (`tooldeck probe title`), with where it is (`body.title`). */
function madeUpValues(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string")
    return value.startsWith(MADE_UP_PREFIX) ? [[path || "the argument", value]] : [];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => madeUpValues(item, path ? `${path}.${key}` : key));
}
