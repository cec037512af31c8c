import { XMLParser } from "fast-xml-parser";
import { decodeHtmlEntities } from "../../config/html-entities.js";
import type { RunEntry } from "./run-report.js";

/** A test case as fast-xml-parser reads it: attributes, and the text of its failure and system-out. */
interface JunitCase {
  "@_classname"?: string;
  "@_name"?: string;
  failure?: { "@_message"?: string; "#text"?: string } | string;
  "system-out"?: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Values stay the text they were: a scenario named `1e3` is no number.
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  // References are decoded line by line (below): a newline inside a line is written `&#xa;`, and must
  // not split it.
  processEntities: false,
  isArray: (name) => name === "testsuite" || name === "testcase",
});

/**
 * `tooldeck run --format junit`'s report read back into its entries (formatRunJunit's inverse): a test
 * case per scenario run (class = its file), a failed one's reasons in its `<failure>` and its drift in
 * `system-out`. JUnit carries no calls: the entries have no `result`. Throws a one-line Error for what
 * is not such a report; a DOCTYPE is refused (tooldeck writes none, and its entities could only be a
 * way to make the parser expand text).
 */
export function parseRunJunit(text: string): RunEntry[] {
  if (/<!DOCTYPE/i.test(text)) throw new Error("a JUnit report with a DOCTYPE is not one tooldeck wrote");
  const document = parser.parse(text) as { testsuites?: { testsuite?: { testcase?: JunitCase[] }[] } };
  const suites = document.testsuites?.testsuite;
  if (!suites) throw new Error("not a JUnit report: no <testsuites><testsuite>");
  return suites.flatMap((suite) => (suite.testcase ?? []).map(toEntry));
}

function toEntry(testCase: JunitCase): RunEntry {
  const file = decodeHtmlEntities(testCase["@_classname"] ?? "");
  const name = decodeHtmlEntities(testCase["@_name"] ?? "");
  const drift = linesOf(testCase["system-out"]);
  const failure = testCase.failure;
  if (failure === undefined) return { file, name, passed: true, lines: [], drift };
  const text = typeof failure === "string" ? failure : (failure["#text"] ?? failure["@_message"] ?? "");
  // A failure lists its reasons, then the drift lines (also its system-out).
  const lines = linesOf(text);
  return { file, name, passed: false, lines: lines.slice(0, lines.length - drift.length), drift };
}

/** The raw newlines part the lines; then each line's references are decoded. */
function linesOf(text: string | undefined): string[] {
  return text === undefined || text === "" ? [] : text.split("\n").map(decodeHtmlEntities);
}
