import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { loadScenarios } from "../../src/replay/load-scenarios.js";
import { runScenario } from "../../src/replay/run-scenario.js";
import type { Scenario } from "../../src/replay/scenario.js";
import { scenarioMatchers } from "../../src/replay/vitest.js";

expect.extend(scenarioMatchers);

const [tutorial] = loadScenarios(packagePath("scenarios", "update-event.yaml")) as [Scenario];

describe("scenario matchers", () => {
  test("toHaveCalledTool, toHaveCalledToolTimes, toHavePassed on a passing scenario", async () => {
    const result = await runScenario(tutorial);
    expect(result).toHaveCalledTool("update_event");
    expect(result).toHaveCalledTool("update_event", { queryParams: { id: "1" } });
    expect(result).not.toHaveCalledTool("update_event", { queryParams: { id: "2" } });
    expect(result).not.toHaveCalledTool("delete_event");
    expect(result).toHaveCalledToolTimes("update_event", 1);
    expect(result).toHavePassed();
  });

  test("their failure messages name what was expected and what happened", async () => {
    const result = await runScenario({
      ...tutorial,
      tools: [...tutorial.tools, packagePath("fixtures", "configs", "fixed-update-event.yaml")],
    });
    expect(() => expect(result).toHaveCalledTool("delete_event", { queryParams: { id: "3" } })).toThrow(
      'expected a call of delete_event with {"queryParams":{"id":"3"}}, got update_event {"queryParams":{"id":"1"},"body":{"name":"Tech Summit 2024","date":"2024-06-15T09:00:00Z","location":"San Francisco, CA"}}',
    );
    expect(() => expect(result).toHaveCalledToolTimes("update_event", 2)).toThrow(
      "expected update_event to be called 2 times, it was called 1 times",
    );
    expect(() => expect(result).toHavePassed()).toThrow(
      `scenario update event (tutorial config) failed:\nstale cassette (tool update_event changed): run tooldeck run --update locally\nthe replay differs from the cassette (see the diff)`,
    );
  });
});
