import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../src/config/config-issue.js";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { packagePath } from "../../src/package/package-root.js";
import { tutorialTools } from "../support/tutorial-tools.js";

const ROOT = { cwd: packagePath() };

function loadFormatted(paths: string[]) {
  const result = loadToolConfigs(paths, ROOT);
  return {
    tools: result.tools.map((tool) =>
      `${tool.source.file} ${tool.source.path} ${tool.config.name}`.replace("  ", " "),
    ),
    errors: result.errors.map(formatConfigIssue),
    warnings: result.warnings.map(formatConfigIssue),
    specs: result.specs,
  };
}

function tempFile(name: string, content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "tooldeck-config-")), name);
  writeFileSync(path, content);
  return path;
}

describe("loadToolConfigs: tools/", () => {
  test("tools/ holds the event API's OpenAPI file and a toolkit over it", () => {
    const result = loadToolConfigs(["tools"], ROOT);
    expect(result.specs).toEqual(["tools/event-api.openapi.yaml"]);
    expect(result.tools.filter((tool) => tool.config.kind === "openapi-toolkit")).toEqual([
      {
        config: {
          kind: "openapi-toolkit",
          name: "event_api",
          spec: "tools/event-api.openapi.yaml",
          returnDirect: false,
          headers: {},
          removeNulls: false,
          selectedEndpoints: [],
        },
        source: { file: "tools/event-toolkit.yaml", path: "" },
      },
    ]);
  });

  test("tools/ holds exactly the tutorial's four request tools, as reference section 4 describes them", () => {
    const loaded = loadToolConfigs(["tools"], ROOT);
    const result = { ...loaded, tools: loaded.tools.filter((tool) => tool.config.kind === "request") };
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const configs = tutorialTools("{{$vars.base_url}}/events");
    expect(result.tools).toEqual(
      configs.map((config, index) => ({
        config,
        source: { file: "tools/request-tools.yaml", path: `[${index}]` },
      })),
    );
  });
});

describe("loadToolConfigs: folders and files", () => {
  test("a tools/ folder with the event API's OpenAPI file: the spec is listed, not an error", () => {
    const folder = mkdtempSync(join(tmpdir(), "tooldeck-tools-"));
    copyFileSync(packagePath("tools", "request-tools.yaml"), join(folder, "request-tools.yaml"));
    writeFileSync(
      join(folder, "event-api.yaml"),
      "openapi: 3.0.0\ninfo: {title: Events, version: '1'}\npaths: {}\n",
    );
    const result = loadToolConfigs([folder]);
    expect(result.errors).toEqual([]);
    expect(result.specs).toEqual([join(folder, "event-api.yaml")]);
    expect(result.tools).toHaveLength(4);
  });

  test("a toolkit's absolute spec path is kept as it is, a relative one is taken from the config's folder", () => {
    const folder = mkdtempSync(join(tmpdir(), "tooldeck-tools-"));
    const spec = join(folder, "specs", "event-api.yaml");
    writeFileSync(
      join(folder, "kits.yaml"),
      `- { kind: openapi-toolkit, name: absolute, spec: "${spec}" }\n- { kind: openapi-toolkit, name: relative, spec: specs/event-api.yaml }\n`,
    );
    const result = loadToolConfigs([folder]);
    expect(result.tools.map((tool) => tool.config.kind === "openapi-toolkit" && tool.config.spec)).toEqual([
      spec,
      join(folder, "specs", "event-api.yaml"),
    ]);
  });

  test("hidden entries and files of other kinds are left out of folders", () => {
    const folder = mkdtempSync(join(tmpdir(), "tooldeck-hidden-"));
    mkdirSync(join(folder, ".git"));
    writeFileSync(join(folder, ".git", "config.json"), "not json");
    writeFileSync(join(folder, ".draft.yaml"), "kind: [");
    writeFileSync(join(folder, "README.md"), "# notes");
    writeFileSync(join(folder, "tool.YAML"), "kind: request\nmethod: GET\nurl: http://x/events\n");
    const result = loadToolConfigs([folder]);
    expect(result.errors).toEqual([]);
    expect(result.tools.map((tool) => tool.source.file)).toEqual([join(folder, "tool.YAML")]);
  });

  test("a folder with broken files: every problem reported, every good config loaded", () => {
    expect(loadFormatted(["fixtures/configs"])).toMatchInlineSnapshot(`
      {
        "errors": [
          "fixtures/configs/array-with-bad-entries.yaml: [1].method: Invalid option: expected one of "GET"|"POST"|"PUT"|"PATCH"|"DELETE"",
          "fixtures/configs/array-with-bad-entries.yaml: [2].bodySchema.name: Unrecognized key: "requried"",
          "fixtures/configs/array-with-bad-entries.yaml: [2].maxOutputLength: expected number, received string",
          "fixtures/configs/array-with-bad-entries.yaml: [3]: expected a tool config object, received string",
          "fixtures/configs/bad-param-in.json: queryParamsSchema.id.in: expected "path" or "query"",
          "fixtures/configs/empty.yaml: empty file",
          "fixtures/configs/flowise-bad-body.json: requestPostBody: Invalid JSON format in body. Original error: JSON5: invalid character '}' at 1:14. After cleanup attempts: JSON5: invalid character '}' at 1:14. 3rd attempt: Unexpected token '}', "{"location": }" is not valid JSON. Final attempt: Unexpected token '}', "{"location": }" is not valid JSON.

      Common fixes:
      • Ensure all strings are enclosed in double quotes
      • Remove trailing commas
      • Remove comments (// or /* */)
      • Escape special characters properly (\\n for newlines, \\" for quotes)
      • Use double quotes instead of single quotes
      • Remove unnecessary backslashes before brackets [ ] { }

      Received body: {"location": }",
          "fixtures/configs/flowise-bad-headers.json: requestsGetHeaders: Invalid JSON format in body. Original error: JSON5: invalid end of input at 1:31. After cleanup attempts: JSON5: invalid end of input at 1:31. 3rd attempt: Expected ',' or '}' after property value in JSON at position 30. Final attempt: Expected ',' or '}' after property value in JSON at position 30.

      Common fixes:
      • Ensure all strings are enclosed in double quotes
      • Remove trailing commas
      • Remove comments (// or /* */)
      • Escape special characters properly (\\n for newlines, \\" for quotes)
      • Use double quotes instead of single quotes
      • Remove unnecessary backslashes before brackets [ ] { }

      Received body: {"Authorization": "Bearer abc"",
          "fixtures/configs/flowise-broken-chatflow.json: nodes[0].data.inputs.requestsGetMaxOutputLength: expected a whole number, received "a lot"",
          "fixtures/configs/flowise-broken-chatflow.json: nodes[1].data: expected object, received undefined",
          "fixtures/configs/flowise-mixed-keys.json: mixes the input keys of Flowise nodes requestsGet and requestsPost",
          "fixtures/configs/invalid-yaml.yaml: invalid YAML (bad indentation of a mapping entry at line 3, column 7)",
          "fixtures/configs/not-a-config.json: not a tool config: expected "kind" (tooldeck format), an n8n workflow export ("nodes" and "connections"), Flowise request-tool inputs (requestsGetUrl…) or a Flowise flow export ("nodes"), a Dify app DSL ("kind: app")",
          "fixtures/configs/unknown-kind.yaml: kind: expected "request" | "openapi-toolkit" | "http" | "n8n-http-tool" | "custom-tool" | "dify-http-request" | "dify-api-tool", received "graphql"",
          "fixtures/configs/duplicate-names.yaml: [1]: duplicate tool name "get_events" (first defined at fixtures/configs/duplicate-names.yaml: [0])",
        ],
        "specs": [
          "fixtures/configs/nested/event-api.yaml",
        ],
        "tools": [
          "fixtures/configs/array-with-bad-entries.yaml [0] list_events",
          "fixtures/configs/duplicate-names.yaml [0] get_events",
          "fixtures/configs/fixed-update-event.yaml update_event",
          "fixtures/configs/flowise-broken-chatflow.json nodes[2].data.inputs delete_event",
          "fixtures/configs/flowise-unparsable-schema.json remove_event",
          "fixtures/configs/nested/extra-tool.yml patch_event",
        ],
        "warnings": [
          "fixtures/configs/flowise-unparsable-schema.json: requestsDeleteQueryParamsSchema: not valid JSON (JSON5: invalid character 's' at 1:15): Flowise shows the LLM free-form query parameters and then sends none of them",
        ],
      }
    `);
  });

  test.each([
    [
      "a missing file",
      "fixtures/configs/missing.json",
      "fixtures/configs/missing.json: no such file or folder",
    ],
    ["a missing folder", "no-such-folder", "no-such-folder: no such file or folder"],
    [
      "a named file of another kind",
      "fixtures/configs/notes.txt",
      "fixtures/configs/notes.txt: unsupported file type (expected .json, .yaml, .yml)",
    ],
  ])("%s is an error", (_label, path, error) => {
    expect(loadFormatted([path])).toEqual({ tools: [], errors: [error], warnings: [], specs: [] });
  });

  test("a file that is not JSON is an error naming it", () => {
    const path = tempFile("broken.json", '{ "kind": "request", }');
    const { errors } = loadFormatted([path]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${path.replaceAll("\\", "\\\\")}: invalid JSON \\(`));
  });

  test("OpenAPI documents are listed as specs, in folders and named; a Flowise-style swagger fragment is a note", () => {
    // Flowise's swagger.yml holds only tags, paths and components: its server adds the header, so as it
    // is it judges nothing (loading it as a description would stop every run with #/openapi missing).
    const swagger = tempFile(
      "swagger.yml",
      "tags:\n  - name: ping\npaths:\n  /ping:\n    get:\n      tags: [ping]\n",
    );
    const named = "fixtures/configs/nested/event-api.yaml";
    expect(loadFormatted([named, swagger])).toEqual({
      tools: [],
      errors: [],
      warnings: [],
      specs: [named],
    });
    expect((loadToolConfigs([swagger], ROOT).notes ?? []).map(formatConfigIssue)).toEqual([
      `${swagger}: an OpenAPI fragment (paths, no openapi: or swagger:): not a tool config, and not used to judge the tools`,
    ]);
    const json = tempFile("spec.json", '{"swagger": "2.0", "paths": {}}');
    expect(loadFormatted([json]).specs).toEqual([json]);
  });

  test("a file met twice (named, and in its folder) is loaded once", () => {
    const { tools, errors } = loadFormatted([
      "fixtures/configs/nested/extra-tool.yml",
      "fixtures/configs/nested",
    ]);
    expect(errors).toEqual([]);
    expect(tools).toEqual(["fixtures/configs/nested/extra-tool.yml patch_event"]);
  });

  test("a brace pattern loads the files it names, and one that names nothing says so", () => {
    const { tools, errors } = loadFormatted(["tools/{request-tools,event-toolkit}.yaml"]);
    expect(errors).toEqual([]);
    expect([...new Set(tools.map((tool) => tool.split(" ")[0]))]).toEqual([
      "tools/event-toolkit.yaml",
      "tools/request-tools.yaml",
    ]);
    expect(loadFormatted(["tools/{nope,nada}.yaml"]).errors).toEqual([
      "tools/{nope,nada}.yaml: no config file matches",
    ]);
  });

  test("a tooldeck-format file may hold PATCH tools and headers as a JSON string", () => {
    const result = loadToolConfigs(["fixtures/configs/nested/extra-tool.yml"], ROOT);
    expect(result.tools[0]?.config).toEqual({
      kind: "request",
      method: "PATCH",
      name: "patch_event",
      description: "Use this when you want to execute a PATCH request to partially update a resource.",
      url: "{{$vars.base_url}}/events/:id",
      headers: { "Content-Type": "application/json" },
      queryParamsSchema: { id: { type: "string", in: "path", required: true } },
    });
  });

  test("two flows are two agents: a name in both is no clash, and every tool of each is loaded", () => {
    const result = loadFormatted(["tools", "fixtures/flowise/event-agent-agentflow.json"]);
    const agentTool = (index: number) =>
      `fixtures/flowise/event-agent-agentflow.json nodes[1].data.inputs.agentTools[${index}].agentSelectedToolConfig`;
    expect(result.errors).toEqual([]);
    expect(result.tools).toEqual([
      "tools/event-toolkit.yaml event_api",
      "tools/request-tools.yaml [0] get_events",
      "tools/request-tools.yaml [1] create_event",
      "tools/request-tools.yaml [2] update_event",
      "tools/request-tools.yaml [3] delete_event",
      ...["get_events", "create_event", "update_event", "delete_event"].map(
        (name, index) => `${agentTool(index)} ${name}`,
      ),
    ]);
  });

  test("relative paths resolve against the working directory by default", () => {
    const path = tempFile("one.yaml", "kind: request\nmethod: GET\nurl: http://x/events\n");
    const result = loadToolConfigs([path]);
    expect(result.tools.map((tool) => tool.source)).toEqual([{ file: path, path: "" }]);
  });
});
