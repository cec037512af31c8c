import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";

/**
 * A library user's Flowise flow, driven through the package root's built entry (dist/lib; run
 * `npm run build` first) exactly as `import … from "tooldeck"` gives it: the flow, its Custom Tool row and
 * Flowise's variables in memory (no file, no project root), `$flow`'s ids and the code's time limit as
 * options (issue 40).
 */
const tooldeck = (await import(
  pathToFileURL(packagePath("dist", "lib", "index.js")).href
)) as typeof import("../../../src/index.js");

const ID = "4d723d69-e854-4351-90c0-6385ce908213";
const ROW = {
  id: ID,
  name: "whoami",
  description: "Says who runs it",
  schema: JSON.stringify([{ id: 1, property: "n", type: "number", required: true }]),
  func: "if ($n < 0) { while (true) {} }\nreturn JSON.stringify({ key: $vars.api_key, secret: $vars.secret, flow: $flow.chatflowId, session: $flow.sessionId, chat: $flow.chatId, n: $n });",
};
const AGENTFLOW = {
  nodes: [
    {
      id: "agentAgentflow_0",
      data: {
        name: "agentAgentflow",
        inputs: {
          agentTools: [{ agentSelectedTool: "customTool", agentSelectedToolConfig: { selectedTool: ID } }],
        },
      },
    },
  ],
};
const VARIABLES = [
  { name: "api_key", value: "k-123", type: "static" },
  { name: "secret", value: "ignored: Flowise reads its server's environment", type: "runtime" },
];

describe("the library: a Flowise flow with its tool rows and variables in memory", () => {
  test("loadFlowiseFlow(flow, { tools, variables }) → createTools with $flow's ids and the runtime variables", async () => {
    const loaded = tooldeck.loadFlowiseFlow(AGENTFLOW, { tools: [ROW], variables: VARIABLES });
    expect(loaded.errors).toEqual([]);
    expect(loaded.vars).toEqual({ api_key: "k-123" });
    expect(loaded.runtimeVariables).toEqual(["secret"]);
    const warnings: string[] = [];
    const [tool] = await tooldeck.createTools(
      loaded.tools.map((entry) => entry.config),
      {
        profile: "flowise",
        allowCode: true,
        vars: loaded.vars ?? {},
        runtimeVariables: loaded.runtimeVariables ?? [],
        flowIds: { chatflowId: "cf-1", sessionId: "s-1", chatId: "c-1" },
        onWarning: (message) => warnings.push(message),
      },
    );
    expect(tool?.name).toBe("whoami");
    expect(warnings).toEqual([
      "$vars.secret is a runtime variable: Flowise reads it from its server's environment, tooldeck never reads its own, so it is '' (set it with --var secret=…)",
    ]);
    const result = await tool?.invoke({ n: "2" });
    expect(result?.output).toBe(
      '{"key":"k-123","secret":"","flow":"cf-1","session":"s-1","chat":"c-1","n":2}',
    );
  });

  test("a runtime variable given in vars takes that value, with no warning", async () => {
    const loaded = tooldeck.loadFlowiseFlow(AGENTFLOW, { tools: [ROW], variables: VARIABLES });
    const warnings: string[] = [];
    const [tool] = await tooldeck.createTools(
      loaded.tools.map((entry) => entry.config),
      {
        profile: "flowise",
        allowCode: true,
        vars: { ...loaded.vars, secret: "s3" },
        runtimeVariables: loaded.runtimeVariables ?? [],
        onWarning: (message) => warnings.push(message),
      },
    );
    expect(warnings).toEqual([]);
    expect(JSON.parse((await tool?.invoke({ n: 1 }))?.output ?? "{}").secret).toBe("s3");
  });

  test("createTools({ timeoutMs }) is the Custom Tool's limit instead of the documented 10 s", async () => {
    const loaded = tooldeck.loadFlowiseFlow(AGENTFLOW, { tools: [ROW], variables: VARIABLES });
    const [tool] = await tooldeck.createTools(
      loaded.tools.map((entry) => entry.config),
      {
        profile: "flowise",
        allowCode: true,
        timeoutMs: 300,
        runtimeVariables: ["secret"],
        vars: { secret: "" },
      },
    );
    // An Agentflow V2 Agent's failed call ends the run: the tool throws Flowise's text.
    await expect(tool?.invoke({ n: -1 })).rejects.toThrow(
      "custom tool whoami timed out after 300 ms (in Flowise this call would hang the server: it sets no time limit)",
    );
  });

  test("a row without an id, a variable of another type: load errors naming where", () => {
    const { id: _id, ...idless } = ROW;
    const loaded = tooldeck.loadFlowiseFlow(AGENTFLOW, {
      file: "mine",
      tools: [idless],
      variables: [{ name: "x", value: "1", type: "secret" }],
    });
    expect(
      loaded.errors.map((error) => `${error.file}: ${error.path}: ${error.message.split(":")[0]}`),
    ).toEqual([
      'mine: options.variables[0].type: expected "static" or "runtime", received "secret"',
      "mine: options.tools[0].id: a tool row needs its id",
      'mine: nodes[0].data.inputs.agentTools[0].agentSelectedToolConfig.selectedTool: Custom Tool "4d723d69-e854-4351-90c0-6385ce908213" not found',
    ]);
  });
});
