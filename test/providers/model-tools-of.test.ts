import { describe, expect, test } from "vitest";
import type { OpenApiToolkitConfig } from "../../src/config/openapi-toolkit-config.js";
import type { LoadedTool } from "../../src/config/tool-config.js";
import { createModelToolsOf } from "../../src/providers/model-tools-of.js";
import { createTool } from "../../src/runtime/create-tools.js";
import { tutorialTools } from "../support/tutorial-tools.js";

const URL = "https://events.example.com/events";

const loaded = (config: LoadedTool["config"], index = 0): LoadedTool => ({
  config,
  source: { file: "tools/events.yaml", path: `[${index}]` },
});

describe("createModelToolsOf: what each config gives its model, built once per run", () => {
  test.each(["standard", "flowise"] as const)(
    "a request tool is given as the runtime gives it (%s)",
    async (profile) => {
      const modelToolsOf = createModelToolsOf({ profile });
      for (const config of tutorialTools(URL)) {
        const [runtime] = await createTool(config, { profile });
        const { name, description, inputSchema } = runtime ?? {};
        expect(await modelToolsOf(loaded(config))).toEqual([{ name, description, inputSchema }]);
      }
    },
  );

  test("copies of a tool under other names and descriptions share one schema object; asked again, one build", async () => {
    const modelToolsOf = createModelToolsOf({ profile: "standard" });
    const [getEvents] = tutorialTools(URL);
    const first = loaded(getEvents);
    const copy = loaded(
      { ...structuredClone(getEvents), name: "get_events_2", description: "Other words" },
      1,
    );
    const [a] = await modelToolsOf(first);
    const [b] = await modelToolsOf(copy);
    expect(b?.name).toBe("get_events_2");
    expect(b?.description).toBe("Other words");
    expect(b?.inputSchema).toBe(a?.inputSchema);
    expect(await modelToolsOf(first)).toBe(await modelToolsOf(first));
  });

  test("a tool that differs in what it sends gets its own schema", async () => {
    const modelToolsOf = createModelToolsOf({ profile: "standard" });
    const [getEvents] = tutorialTools(URL);
    const other = {
      ...getEvents,
      name: "find_events",
      queryParamsSchema: { q: { type: "integer", in: "query" } },
    } as const;
    const [a] = await modelToolsOf(loaded(getEvents));
    const [b] = await modelToolsOf(loaded(other, 1));
    expect(b?.inputSchema).not.toBe(a?.inputSchema);
    expect(JSON.stringify(b?.inputSchema)).toContain('"integer"');
  });

  test("what gives the model nothing: a method the profile refuses, an HTTP node, a toolkit without its spec", async () => {
    const modelToolsOf = createModelToolsOf({ profile: "flowise", toolkitSpecs: new Map() });
    const [getEvents] = tutorialTools(URL);
    const node = { kind: "http", name: "step", method: "GET", url: URL } as unknown as LoadedTool["config"];
    const toolkit = {
      kind: "openapi-toolkit",
      name: "events",
      spec: "events.yaml",
    } as unknown as OpenApiToolkitConfig;
    expect(await modelToolsOf(loaded({ ...getEvents, method: "PATCH" }))).toEqual([]);
    expect(await modelToolsOf(loaded(node))).toEqual([]);
    expect(await modelToolsOf(loaded(toolkit))).toEqual([]);
  });
});
