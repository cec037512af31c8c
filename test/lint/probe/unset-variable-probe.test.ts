import { expect, test } from "vitest";
import { foldSharedCauses } from "../../../src/lint/fold-shared-causes.js";
import { probe } from "../../../src/lint/probe/probe.js";
import { requestTool } from "../support/test-rule.js";

// Issue 38: `{{$vars.api_key}}` with no value was an error per tool ("the call failed before sending").
test("a credential variable with no value: each tool not probed, said as info in the same words, nothing sent", async () => {
  const sent: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    sent.push(String(input));
    return Response.json([]);
  };
  const headers = { Authorization: "Bearer {{$vars.api_key}}" };
  const tools = [
    requestTool({ url: "http://127.0.0.1:9/events", headers }),
    requestTool({ name: "delete_event", method: "DELETE", url: "http://127.0.0.1:9/events/3", headers }),
  ].map((config, i) => ({ config, source: { file: "tools.yaml", path: `[${i}]` } }));
  const { diagnostics } = await probe(tools, {
    profile: "standard",
    target: () => ({ fetch }),
    allowWrites: true,
  });
  expect(diagnostics.map((d) => `${d.severity} ${d.tool}: ${d.message}`)).toEqual([
    "info get_events: not probed: variable {{$vars.api_key}} is not set (set it with --var api_key=…)",
    "info delete_event: not probed: variable {{$vars.api_key}} is not set (set it with --var api_key=…)",
  ]);
  expect(sent).toEqual([]);
  // One cause: the report folds them into one finding naming both tools.
  const folded = foldSharedCauses(diagnostics);
  expect(folded.map((d) => `${d.severity} ${d.message}`)).toEqual([
    "info 2 tools (delete_event, get_events): not probed: variable {{$vars.api_key}} is not set (set it with --var api_key=…)",
  ]);
});
