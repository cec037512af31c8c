import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode, keyValueLines } from "./dify-rule-helpers.js";

/** `\n` written as a backslash and an n, followed by what reads as a next `key:` line. */
const ESCAPED_LINE = /\\n\s*([A-Za-z0-9_.-]{1,64})\s*:/;

/** Headers or params whose lines are joined by a written `\n`, not a line break (fact 11). */
export const difyEscapedNewline: LintRule<DifyHttpRequestConfig> = {
  id: "dify-escaped-newline",
  severity: "error",
  profiles: DIFY_RULE_PROFILES,
  description:
    "headers or params whose lines are separated by a written \\n (backslash, n): Dify reads one line, the next key inside the first value",
  docs:
    "An HTTP Request node's headers and params are text, one `key:value` per line (reference/dify-tools.md fact 11), " +
    "split at line breaks only (facts 27–28). A `\\n` written as two characters — a DSL file whose text is in YAML " +
    "single quotes (`'Content-Type: application/json\\nAccept: text/event-stream'`), where YAML keeps the backslash — is " +
    "no line break: Dify reads one line, sends the first key with the rest of the text as its value " +
    "(`application/json\\nAccept: text/event-stream`), and never sends the next header or param. Write the lines on " +
    "lines of their own (YAML double quotes or a block scalar).",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    const fields = [
      ["headers", config.headers],
      ["params", config.params],
    ] as const;
    return fields.flatMap(([path, text]) =>
      keyValueLines(text).flatMap(({ key, value }) => {
        const next = ESCAPED_LINE.exec(value)?.[1];
        if (next === undefined) return [];
        const kind = path === "headers" ? "header" : "param";
        return [
          {
            path,
            message: `${kind} ${key}'s value holds a written \\n before "${next}:": Dify reads one line, so ${next} is never sent as a ${kind} of its own and ${key} carries the rest as its value`,
            suggestion:
              "put each key:value on a line of its own (a real line break, not \\n in single quotes)",
          },
        ];
      }),
    );
  },
};
