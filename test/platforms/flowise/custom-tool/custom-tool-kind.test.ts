import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../../../src/cli/run-cli.js";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import { customToolNotRunMessage } from "../../../../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import { createTools } from "../../../../src/runtime/create-tools.js";
import { captureIo } from "../../../support/capture-io.js";
import { hostileProject } from "../../../support/hostile-project.js";

const TOOL = [
  "kind: custom-tool",
  "name: update_event",
  "description: Use this when you want to update an event",
  "schema:",
  "  - { id: 1, property: id, type: string, description: the event's id, required: true }",
  "  - { id: 2, property: date, type: date }",
  "  - { id: 3, property: tags, type: array }",
].join("\n");
const CODE =
  "const fetch = require('node-fetch');\nreturn await (await fetch($vars.base_url + '/events')).text();";

function load(files: Record<string, string>, roots?: (dir: string) => string[]) {
  const dir = hostileProject(files);
  return { dir, ...loadToolConfigs(["tools/"], { cwd: dir, roots: roots?.(dir) ?? [dir] }) };
}

describe("kind: custom-tool in tooldeck's format", () => {
  test("the code inline: the config is Flowise's tool row, the grid's ids dropped", () => {
    const { tools, errors } = load({ "tools/t.yaml": `${TOOL}\ncode: ${JSON.stringify(CODE)}\n` });
    expect(errors).toEqual([]);
    expect(tools.map((tool) => tool.config)).toEqual([
      {
        kind: "custom-tool",
        name: "update_event",
        description: "Use this when you want to update an event",
        schema: [
          { property: "id", type: "string", description: "the event's id", required: true },
          { property: "date", type: "date" },
          { property: "tags", type: "array" },
        ],
        func: CODE,
      },
    ]);
  });

  test("codeFile is read beside the config", () => {
    const { tools, errors } = load({
      "tools/t.yaml": `${TOOL}\ncodeFile: code/update.js\n`,
      "tools/code/update.js": CODE,
    });
    expect(errors).toEqual([]);
    expect(tools[0]?.config).toMatchObject({ func: CODE });
  });

  test("a codeFile outside the project is refused like every file a config names, and not read", () => {
    const { dir, tools, errors } = load({
      "tools/t.yaml": `${TOOL}\ncodeFile: ../../../../../../etc/passwd\n`,
    });
    expect(tools).toEqual([]);
    expect(errors).toEqual([
      {
        file: join("tools", "t.yaml"),
        path: "codeFile",
        message: `"../../../../../../etc/passwd" is outside the project (${dir}); widen it with --root`,
      },
    ]);
  });

  test("a codeFile that is a symlink out of the project is refused; its target's text is shown nowhere", () => {
    const outside = hostileProject({ "secret.js": "return 'do-not-print-me'" });
    const dir = hostileProject({ "tools/t.yaml": `${TOOL}\ncodeFile: update.js\n` });
    symlinkSync(join(outside, "secret.js"), join(dir, "tools", "update.js"));
    const loaded = loadToolConfigs(["tools/"], { cwd: dir, roots: [dir] });
    expect(loaded.errors.map((error) => error.message)).toEqual([
      `"update.js" is outside the project (${dir}); widen it with --root`,
    ]);
    expect(JSON.stringify(loaded)).not.toContain("do-not-print-me");
  });

  test("a codeFile that is a folder is refused", () => {
    const { errors } = load({ "tools/t.yaml": `${TOOL}\ncodeFile: code\n`, "tools/code/x.js": "" });
    expect(errors.map((error) => error.message)).toEqual(['"code" is not a regular file']);
  });

  test.each([
    [
      "neither code nor codeFile",
      "",
      "expected exactly one of code (the function body) and codeFile (a file holding it)",
    ],
    [
      "both",
      "code: return 1\ncodeFile: x.js\n",
      "expected exactly one of code (the function body) and codeFile (a file holding it)",
    ],
    ["an unknown key (a typo)", "code: return 1\ncodeFiel: x.js\n", 'Unrecognized key: "codeFiel"'],
  ])("%s is a load error", (_, extra, message) => {
    const { tools, errors } = load({ "tools/t.yaml": `${TOOL}\n${extra}` });
    expect(tools).toEqual([]);
    expect(errors.map((error) => error.message)).toEqual([message]);
  });

  test("a codeFile given on stdin has no folder to be read from", () => {
    const loaded = loadToolConfigs(["-"], { stdin: `${TOOL}\ncodeFile: /etc/passwd\n` });
    expect(loaded.errors).toEqual([
      {
        file: "<stdin>",
        path: "codeFile",
        message: "a codeFile is read only beside a config file; give the function body as code",
      },
    ]);
  });
});

describe("a Custom Tool, made executable", () => {
  test("caller agentflow-agent: with code allowed, a failed call fails the run instead of being observed", async () => {
    const code = "throw new Error('boom')";
    const { tools: loaded } = load({
      "tools/t.yaml": `${TOOL}\ncaller: agentflow-agent\ncode: ${JSON.stringify(code)}\n`,
    });
    expect(loaded[0]?.config).toMatchObject({ caller: "agentflow-agent" });
    const [tool] = await createTools(
      loaded.map((entry) => entry.config),
      { profile: "flowise", allowCode: true },
    );
    await expect(tool?.invoke({ id: "1" })).rejects.toThrow("NodeVM Execution Error: Error: boom");
  });

  test("is listed with Flowise's schema; a call says its code was not run and sends nothing", async () => {
    const { tools: loaded } = load({ "tools/t.yaml": `${TOOL}\ncode: ${JSON.stringify(CODE)}\n` });
    const sent: unknown[] = [];
    const fetch = async (request: string | URL | Request) => {
      sent.push(request);
      return new Response("{}");
    };
    const [tool] = await createTools(
      loaded.map((entry) => entry.config),
      { profile: "flowise", fetch },
    );
    expect(tool?.name).toBe("update_event");
    expect(tool?.inputSchema).toMatchObject({
      properties: { id: { type: "string" }, date: { type: "string", format: "date-time" } },
      required: ["id"],
    });
    const result = await tool?.invoke({ id: "1" });
    const notRun = customToolNotRunMessage("update_event");
    expect(result).toEqual({ ok: false, output: notRun, error: notRun });
    expect(sent).toEqual([]);
  });

  test("tooldeck call: a failure that would end an Agentflow V2 run is the call's failure, said so", async () => {
    const code = "throw new Error('boom')";
    const { dir } = load({});
    writeFileSync(join(dir, "t.yaml"), `${TOOL}\ncaller: agentflow-agent\ncode: ${JSON.stringify(code)}\n`);
    const captured = captureIo();
    const args = ["call", "update_event", "--tools", join(dir, "t.yaml"), "--profile", "flowise"];
    const exit = await runCli([...args, "--allow-code", "--args", '{"id":"1"}'], captured.io);
    expect(captured.stdout()).toBe(
      "NodeVM Execution Error: Error: boom (on its platform this failure ends the agent's run)\n",
    );
    expect(exit).toBe(1);
  });

  test("`tooldeck tools` shows the schema the model is given", async () => {
    const { dir } = load({});
    writeFileSync(join(dir, "t.yaml"), `${TOOL}\ncode: return 1\n`);
    const captured = captureIo();
    const exit = await runCli(["tools", join(dir, "t.yaml"), "--profile", "flowise", "--json"], captured.io);
    expect(exit).toBe(0);
    const listed = JSON.parse(captured.stdout());
    expect(listed).toMatchObject([
      {
        name: "update_event",
        inputSchema: {
          type: "object",
          properties: {
            id: { type: "string", description: "the event's id" },
            date: { type: "string", format: "date-time" },
          },
          required: ["id"],
          additionalProperties: false,
          $schema: "http://json-schema.org/draft-07/schema#",
        },
      },
    ]);
  });
});
