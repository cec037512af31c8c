import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigsLazily } from "../../../../src/config/load-tool-configs.js";
import { readLintSettings } from "../../../../src/lint/lint-settings.js";
import { settingsLoadLinks } from "../../../../src/lint/settings/settings-load-links.js";
import { hostileProject } from "../../../support/hostile-project.js";
import { tooldeckIn } from "../../../support/run-tooldeck.js";
import { documentOf } from "../api-tool/api-tool-support.js";

/** `dify: { providers: { <name>: <file> } }` in tooldeck.config.*: the document of a provider apps name. */

/** A workflow app whose Tool node calls `getForecast` of the custom provider `weather`. */
const APP = `kind: app
version: 0.3.0
app: { name: Forecasts, mode: workflow }
workflow:
  graph:
    nodes:
      - id: t1
        data:
          type: tool
          title: Forecast
          provider_type: api
          provider_id: 6c1f0e52-0000-0000-0000-000000000000
          provider_name: weather
          tool_name: getForecast
          tool_parameters: {}
    edges: []
`;

const forecast = (server = "https://api.example.com") =>
  JSON.stringify({
    ...documentOf("/forecast", "get", {
      operationId: "getForecast",
      parameters: [{ name: "city", in: "query", required: true }],
    }),
    servers: [{ url: server }],
  });

/** The project's settings read as check reads them, then the app loaded with what they name. */
async function loadWith(dir: string, settings: string) {
  writeFileSync(join(dir, "tooldeck.config.yaml"), settings);
  const read = readLintSettings(undefined, dir, [], [dir]);
  return loadToolConfigsLazily(["apps/"], { cwd: dir, roots: [dir], ...settingsLoadLinks(read) });
}

const messages = (issues: readonly { file: string; path: string; message: string }[] | undefined) =>
  (issues ?? []).map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`);

const WHERE = "apps/app.yml: workflow.graph.nodes[0].data";

describe("dify.providers names a provider's document (docs/dify.md, Where the document comes from)", () => {
  test("the named document, relative to the settings file, is the tool's spec", async () => {
    const dir = hostileProject({ "apps/app.yml": APP, "providers/weather.json": forecast() });
    const loaded = await loadWith(dir, "dify:\n  providers:\n    weather: providers/weather.json\n");
    expect(messages(loaded.errors)).toEqual([]);
    expect(messages(loaded.notes)).toEqual([]);
    expect(loaded.tools.map((tool) => tool.config)).toEqual([
      expect.objectContaining({ kind: "dify-api-tool", name: "getForecast", spec: "providers/weather.json" }),
    ]);
  });

  test("it takes precedence over the document beside the app", async () => {
    const dir = hostileProject({
      "apps/app.yml": APP,
      "apps/weather.openapi.json": forecast("https://beside.example.com"),
      "providers/weather.json": forecast("https://named.example.com"),
    });
    const loaded = await loadWith(dir, "dify:\n  providers:\n    weather: providers/weather.json\n");
    expect(loaded.tools.map((tool) => tool.config)).toEqual([
      expect.objectContaining({ spec: "providers/weather.json" }),
    ]);
  });

  test("a provider the settings do not name is still looked for beside the app", async () => {
    const dir = hostileProject({ "apps/app.yml": APP, "apps/weather.openapi.json": forecast() });
    const loaded = await loadWith(dir, "dify:\n  providers:\n    other: providers/other.json\n");
    expect(loaded.tools.map((tool) => tool.config)).toEqual([
      expect.objectContaining({ spec: "apps/weather.openapi.json" }),
    ]);
  });

  test("a named file that is missing, or that Dify refuses, is a load error naming the setting and the provider", async () => {
    const missing = hostileProject({ "apps/app.yml": APP, "apps/weather.openapi.json": forecast() });
    const gone = await loadWith(missing, "dify:\n  providers:\n    weather: providers/nope.json\n");
    expect(gone.tools).toEqual([]);
    expect(messages(gone.errors)).toEqual([
      `${WHERE}: custom tool provider "weather" (dify.providers.weather in tooldeck.config.yaml): "providers/nope.json" cannot read file: no such file or folder (ENOENT)`,
    ]);
    const refused = hostileProject({
      "apps/app.yml": APP,
      "providers/weather.yaml": "openapi: 3.0.0\npaths: {}\n",
    });
    const bad = await loadWith(refused, "dify:\n  providers:\n    weather: providers/weather.yaml\n");
    expect(bad.tools).toEqual([]);
    expect(messages(bad.errors)).toEqual([
      `${WHERE}: custom tool provider "weather" (providers/weather.yaml, dify.providers.weather in tooldeck.config.yaml): Dify refuses the document: Invalid api schema, openapi error: No server found in the openapi yaml., swagger error: No server found in the swagger yaml., openapi plugin error: (OpenAI plugin manifests are not modelled by tooldeck)`,
    ]);
  });
});

describe("an attacker's dify.providers cannot read outside the project", () => {
  const outsideError = (dir: string, shown: string) =>
    `${WHERE}: custom tool provider "weather" (dify.providers.weather in tooldeck.config.yaml): "${shown}" is outside the project (${dir}); widen it with --root`;

  test("../../etc/passwd: refused, one line naming the setting, never read", async () => {
    const dir = hostileProject({ "apps/app.yml": APP });
    const loaded = await loadWith(dir, "dify:\n  providers:\n    weather: ../../../../../../etc/passwd\n");
    expect(loaded.tools).toEqual([]);
    expect(messages(loaded.errors)).toEqual([outsideError(dir, "/etc/passwd")]);
  });

  test("an absolute path: refused", async () => {
    const dir = hostileProject({ "apps/app.yml": APP });
    const loaded = await loadWith(dir, "dify:\n  providers:\n    weather: /etc/hostname\n");
    expect(messages(loaded.errors)).toEqual([outsideError(dir, "/etc/hostname")]);
  });

  test("a symlink in the project that leads out of it: refused, the target never quoted", async () => {
    const outside = hostileProject({ "secret.json": forecast("https://leaked.example.com") });
    const dir = hostileProject({ "apps/app.yml": APP });
    mkdirSync(join(dir, "providers"));
    symlinkSync(join(outside, "secret.json"), join(dir, "providers/weather.json"));
    const loaded = await loadWith(dir, "dify:\n  providers:\n    weather: providers/weather.json\n");
    expect(loaded.tools).toEqual([]);
    expect(messages(loaded.errors)).toEqual([outsideError(dir, "providers/weather.json")]);
    expect(JSON.stringify(loaded)).not.toContain("leaked");
  });
});

describe("the commands read dify.providers from tooldeck.config.* (check, tools)", () => {
  test("check and tools link the app's tool to the named document; a refused path is said in one line", async () => {
    const dir = hostileProject({ "apps/app.yml": APP, "providers/weather.json": forecast() });
    writeFileSync(
      join(dir, "tooldeck.config.yaml"),
      "dify:\n  providers:\n    weather: providers/weather.json\n",
    );
    const tools = await tooldeckIn(dir, ["tools", "apps/"]);
    expect(tools.exit).toBe(0);
    expect(tools.stdout).toContain("getForecast");
    const check = await tooldeckIn(dir, ["check", "apps/", "--no-probe"]);
    expect(check.stdout).toContain("getForecast");
    expect(check.stdout).not.toContain("not modelled");
    writeFileSync(join(dir, "tooldeck.config.yaml"), "dify:\n  providers:\n    weather: /etc/passwd\n");
    const refused = await tooldeckIn(dir, ["check", "apps/", "--no-probe"]);
    expect(`${refused.stdout}${refused.stderr}`).toContain(
      'custom tool provider "weather" (dify.providers.weather in tooldeck.config.yaml): "/etc/passwd" is outside the project',
    );
    expect(`${refused.stdout}${refused.stderr}`).not.toContain("root:");
  });
});
