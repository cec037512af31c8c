import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { emptyLoadResult } from "../../../../src/config/load-result.js";
import { createLoadSink } from "../../../../src/config/load-sink.js";
import { inlineDocumentSpec } from "../../../../src/platforms/dify/api-tool/api-document-source.js";
import { linkDifyApiTool } from "../../../../src/platforms/dify/api-tool/link-api-tool.js";
import { DIFY_API_TOOL_KIND } from "../../../../src/platforms/dify/dify-tool-kinds.js";
import { AGENT, documentOf } from "./api-tool-support.js";

const base = mkdtempSync(join(tmpdir(), "dify-api-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A project folder holding `files`, and a sink for an app file in it. */
function project(files: Record<string, string>) {
  const folder = mkdtempSync(join(base, "p-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const result = emptyLoadResult();
  const sink = createLoadSink(result, join(folder, "app.yml"), { folder, roots: [folder] });
  return { folder, result, sink };
}

const weather = JSON.stringify(
  documentOf("/forecast", "get", {
    operationId: "getForecast",
    parameters: [{ name: "city", in: "query", required: true }],
  }),
);
const use = { providerName: "weather", toolName: "getForecast", parameters: {} };

describe("linking an API tool of the DSL to its provider's document (fact 16)", () => {
  test("<provider>.openapi.json beside the app becomes a dify-api-tool config with its spec", () => {
    const { folder, result, sink } = project({ "weather.openapi.json": weather });
    linkDifyApiTool(
      {
        ...use,
        agent: AGENT,
        description: "Forecast",
        parameters: { city: { type: "constant", value: "Oslo" } },
      },
      "workflow.graph.nodes[3].data",
      sink,
    );
    expect(result.errors).toEqual([]);
    expect(result.tools).toEqual([
      {
        config: {
          kind: "dify-api-tool",
          name: "getForecast",
          provider: "weather",
          spec: join(folder, "weather.openapi.json"),
          credentials: { auth_type: "none" },
          parameters: { city: { type: "constant", value: "Oslo" } },
          description: "Forecast",
          agent: AGENT,
        },
        source: { file: join(folder, "app.yml"), path: "workflow.graph.nodes[3].data", format: "dify" },
      },
    ]);
  });

  test("<provider>.openapi.* is looked for before <provider>.*", () => {
    const { folder, result, sink } = project({
      "weather.yaml": "not: [a document",
      "weather.openapi.yml": weather,
    });
    linkDifyApiTool(use, "n", sink);
    expect(result.tools[0]?.config).toMatchObject({ spec: join(folder, "weather.openapi.yml") });
  });

  test("no document: a note naming the files looked for", () => {
    const { result, sink } = project({});
    linkDifyApiTool(use, "n", sink);
    expect(result.tools).toEqual([]);
    expect(result.notes?.map((note) => note.message)).toEqual([
      'custom tool provider "weather" (tool getForecast): its OpenAPI document is not in the DSL and none of weather.openapi.yaml, weather.openapi.yml, weather.openapi.json, weather.yaml, weather.yml, weather.json is beside the app (not modelled)',
    ]);
  });

  test("a document Dify refuses is an error; a tool it does not make is a warning (fact 78)", () => {
    const refused = project({ "weather.json": JSON.stringify({ swagger: "2.0", host: "x", paths: {} }) });
    linkDifyApiTool(use, "n", refused.sink);
    expect(refused.result.errors.map((error) => error.message)).toEqual([
      'custom tool provider "weather" (weather.json): Dify refuses the document: Invalid api schema, openapi error: No server found in the openapi yaml., swagger error: No server found in the swagger yaml., openapi plugin error: (OpenAI plugin manifests are not modelled by tooldeck)',
    ]);
    const renamed = project({ "weather.json": weather });
    linkDifyApiTool({ ...use, toolName: "getWeather" }, "n", renamed.sink);
    expect(renamed.result.warnings.map((warning) => warning.message)).toEqual([
      'custom tool provider "weather" (weather.json) has no tool named "getWeather" (its tools: getForecast); Dify drops it from the agent or fails the node',
    ]);
  });

  test("an attacker's provider name cannot lead out of the app's folder; a symlink out of the project is refused", () => {
    const { result, sink, folder } = project({});
    linkDifyApiTool({ ...use, providerName: "../../etc/passwd" }, "n", sink);
    expect(result.tools).toEqual([]);
    expect(result.notes).toHaveLength(1);
    const outside = mkdtempSync(join(base, "outside-"));
    writeFileSync(join(outside, "secret.json"), weather);
    symlinkSync(join(outside, "secret.json"), join(folder, "weather.json"));
    linkDifyApiTool(use, "n", sink);
    expect(result.tools).toEqual([]);
    expect(result.errors[0]?.message).toMatch(
      /^custom tool provider "weather" \(tool getForecast\): "weather.json" is outside the project/,
    );
  });

  test("stdin (no folder): a note", () => {
    const result = emptyLoadResult();
    linkDifyApiTool(use, "n", createLoadSink(result, "<stdin>"));
    expect(result.notes?.[0]?.message).toMatch(
      /its OpenAPI document is not in the DSL; put it beside the app as weather.openapi.yaml/,
    );
  });
});

describe("kind: dify-api-tool in a tools/ file", () => {
  test("its spec is relative to the file; the tool is made from the document inside the project", async () => {
    const { folder } = project({ "weather.json": weather });
    mkdirSync(join(folder, "tools"));
    const result = emptyLoadResult();
    const sink = createLoadSink(result, join(folder, "tools", "weather.yaml"));
    const config = DIFY_API_TOOL_KIND.fromCanonical(
      { kind: "dify-api-tool", name: "getForecast", provider: "weather", spec: "../weather.json" },
      "",
      sink,
    );
    expect(config).toMatchObject({ spec: join(folder, "tools", "../weather.json") });
    const [tool] = await DIFY_API_TOOL_KIND.create(config as { kind: string }, { roots: [folder] });
    expect(tool?.name).toBe("getForecast");
    await expect(
      DIFY_API_TOOL_KIND.create(config as { kind: string }, { roots: [join(folder, "tools")] }),
    ).rejects.toThrow(/is outside the project/);
    await expect(
      DIFY_API_TOOL_KIND.create({ ...(config as { kind: string }), name: "nope" } as { kind: string }, {
        roots: [folder],
      }),
    ).rejects.toThrow('provider weather has no tool named "nope" (its tools: getForecast)');
  });

  test("an inline document (a data: URL, as --dify hands it over) is kept as given and named by its name", async () => {
    const result = emptyLoadResult();
    const sink = createLoadSink(result, "tools/weather.yaml");
    const spec = inlineDocumentSpec("weather", weather);
    const config = DIFY_API_TOOL_KIND.fromCanonical(
      { kind: "dify-api-tool", name: "getForecast", provider: "weather", spec },
      "",
      sink,
    );
    expect(config).toMatchObject({ spec });
    const [tool] = await DIFY_API_TOOL_KIND.create(config as { kind: string }, { roots: [base] });
    expect(tool?.name).toBe("getForecast");
    await expect(
      DIFY_API_TOOL_KIND.create({ ...(config as { kind: string }), name: "nope" } as { kind: string }, {}),
    ).rejects.toThrow('dify:tool-provider/weather: provider weather has no tool named "nope"');
  });
});
