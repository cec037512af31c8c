import { describe, expect, test } from "vitest";
import { formatRunJunit } from "../../../src/replay/format/format-run-junit.js";
import { formatBrokenText, formatScenarioText } from "../../../src/replay/format/format-run-text.js";
import { toRunEntry } from "../../../src/replay/format/run-report.js";
import type { ScenarioResult } from "../../../src/replay/scenario-result.js";
import { terminalControls, xmlForbidden } from "../../support/unsafe-characters.js";

/** What a hostile server answers, quoted by a failed scenario's diff. */
const HOSTILE = 'body \u001b[2J\u001b]0;pwned\u0007 nul\u0000 csi\u009b31m lone\ud800 </failure><x a="';

const result: ScenarioResult = {
  name: `list ${HOSTILE}`,
  file: "scenarios/x.yaml",
  profile: "standard",
  mode: "replayed",
  passed: false,
  failures: [`expected answer to contain "ok", got "${HOSTILE}"`],
  diff: [`- call 1 output: ${HOSTILE}`, "+ call 1 output: ok"],
  drift: [HOSTILE],
  calls: [],
  answer: HOSTILE,
  state: {},
};

describe("run reports of a hostile server's answer", () => {
  test("text shows every control character escaped", () => {
    const text = formatScenarioText(result);
    expect(terminalControls(text)).toEqual([]);
    expect(text).toContain("body \\u001b[2J\\u001b]0;pwned\\u0007 nul\\u0000 csi\\u009b31m");
    expect(terminalControls(formatBrokenText("x.yaml", HOSTILE))).toEqual([]);
  });

  test("JUnit stays well-formed XML 1.0, markup escaped", () => {
    const xml = formatRunJunit({ entries: [toRunEntry(result)] });
    expect(xmlForbidden(xml)).toEqual([]);
    expect(xml).not.toContain("</failure><x");
    expect(xml).toContain("&lt;/failure&gt;&lt;x a=&quot;");
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });
});
