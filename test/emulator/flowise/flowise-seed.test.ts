import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { stableUuid } from "../../../src/emulator/flowise/chatflows/flow-export.js";
import { createFlowiseEmulator } from "../../../src/emulator/flowise/flowise-emulator.js";
import { loadFlowiseSeed } from "../../../src/emulator/flowise/flowise-seed.js";
import { isValidUuid } from "../../../src/emulator/flowise/is-valid-uuid.js";

interface AgentTool {
  agentSelectedTool: string;
  agentSelectedToolConfig: Record<string, string>;
}

function seedDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-flowise-seed-"));
  mkdirSync(join(dir, "chatflows"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "chatflows", name), text);
  return dir;
}

const NODE = { id: "a_0", position: { x: 0, y: 0 }, data: { id: "a_0", name: "a", label: "A" } };

describe("Flowise seeds", () => {
  const seed = loadFlowiseSeed();

  test("seeds/flowise holds the tutorial agentflow, the OpenAPI agent and a plain chatflow", () => {
    expect(seed.chatflows.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: "Event OpenAPI Agent", type: "CHATFLOW" },
      { name: "Event Planning Chat", type: "CHATFLOW" },
      { name: "Event Requests Agent", type: "AGENTFLOW" },
    ]);
    for (const flow of seed.chatflows) {
      expect(isValidUuid(flow.id)).toBe(true);
      expect(flow.id).toBe(stableUuid(`chatflow:${flow.name}`));
    }
  });

  test("the agentflow's Agent carries the four request tools; update_event PUTs the collection", () => {
    const flow = seed.chatflows.find((candidate) => candidate.name === "Event Requests Agent");
    const nodes: { data: { name: string; inputs: { agentTools?: AgentTool[] } } }[] = JSON.parse(
      flow?.flowData ?? "{}",
    ).nodes;
    const tools = nodes.find((node) => node.data.name === "agentAgentflow")?.data.inputs.agentTools ?? [];
    const summary = tools.map(({ agentSelectedTool: kind, agentSelectedToolConfig: config }) => [
      kind,
      config[`${kind}Name`],
      config[`${kind}Url`],
    ]);
    expect(summary).toEqual([
      ["requestsGet", "get_events", "http://localhost:5566/events"],
      ["requestsPost", "create_event", "http://localhost:5566/events"],
      ["requestsPut", "update_event", "http://localhost:5566/events"],
      ["requestsDelete", "delete_event", "http://localhost:5566/events"],
    ]);
    const deleteSchema = JSON.parse(
      tools[3]?.agentSelectedToolConfig.requestsDeleteQueryParamsSchema ?? "{}",
    );
    expect(deleteSchema.id).toEqual({
      type: "string",
      required: true,
      in: "path",
      description: "ID of the item to delete. /:id",
    });
  });

  test("the OpenAPI agent's toolkit embeds the event API with its five operations", () => {
    const flow = seed.chatflows.find((candidate) => candidate.name === "Event OpenAPI Agent");
    const nodes: { data: { name: string; inputs: Record<string, string> } }[] = JSON.parse(
      flow?.flowData ?? "{}",
    ).nodes;
    const file = nodes.find((node) => node.data.name === "openAPIToolkit")?.data.inputs.openApiFile ?? "";
    const match = /^data:application\/x-yaml;base64,([^,]+),filename:event-api\.yaml$/.exec(file);
    const yaml = Buffer.from(match?.[1] ?? "", "base64").toString("utf8");
    for (const id of ["listEvents", "createEvent", "getEventById", "updateEventDetails", "deleteEvent"]) {
      expect(yaml).toContain(`operationId: ${id}`);
    }
  });

  test("the default emulator serves the seeded flows", () => {
    const emulator = createFlowiseEmulator();
    expect(
      emulator
        .snapshot()
        .chatflows.map((flow) => flow.name)
        .sort(),
    ).toEqual(["Event OpenAPI Agent", "Event Planning Chat", "Event Requests Agent"]);
  });

  test("another folder replaces the seed", () => {
    const dir = seedDir({
      "Mine.json": JSON.stringify({ nodes: [NODE], edges: [] }),
      "notes.txt": "ignored",
    });
    expect(loadFlowiseSeed(dir).chatflows).toEqual([
      {
        id: stableUuid("chatflow:Mine"),
        name: "Mine",
        flowData: JSON.stringify({ nodes: [NODE], edges: [] }),
        type: "CHATFLOW",
        deployed: false,
        isPublic: false,
      },
    ]);
  });

  test.each([
    ["not JSON", "{", /Bad\.json: invalid JSON \(/],
    ["no nodes", JSON.stringify({ edges: [] }), /Bad\.json: nodes: expected array, received undefined$/],
    [
      "a node without data.name",
      JSON.stringify({ nodes: [{ ...NODE, data: { id: "a_0", label: "A" } }], edges: [] }),
      /Bad\.json: nodes\[0\]\.data\.name: expected string, received undefined$/,
    ],
    [
      "an edge to a missing node",
      JSON.stringify({ nodes: [NODE], edges: [{ id: "e", source: "a_0", target: "b_0" }] }),
      /Bad\.json: edges\[0\]\.target: no node 'b_0'$/,
    ],
  ])("a seed file with %s is a one-line load error", (_name, text, message) => {
    const dir = seedDir({ "Bad.json": text });
    expect(() => loadFlowiseSeed(dir)).toThrow(message);
  });

  test("a missing folder is a load error naming it", () => {
    expect(() => loadFlowiseSeed("/nonexistent/seeds")).toThrow(
      "/nonexistent/seeds/chatflows: cannot read seed folder (ENOENT)",
    );
  });

  test("with roots, a chatflow file that is a symlink out of them is refused unread", () => {
    const outside = seedDir({ "secret.json": '{"token": "do-not-print-me"}' });
    const dir = seedDir({});
    symlinkSync(join(outside, "chatflows", "secret.json"), join(dir, "chatflows", "x.json"));
    let message = "";
    try {
      loadFlowiseSeed(dir, { roots: [dir] });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `${join(dir, "chatflows", "x.json")}: is outside the project (${realpathSync(dir)}); widen it with --root`,
    );
    expect(() => loadFlowiseSeed(dir, { roots: [dir, outside] })).toThrow(/x\.json: /);
  });
});
