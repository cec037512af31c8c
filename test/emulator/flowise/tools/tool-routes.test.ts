import { describe, expect, test } from "vitest";
import { expectConformsToOpenApi } from "../openapi-conformance.js";
import { authJson, createTestEmulator, flowiseError, generatedId, NOW, WORKSPACE } from "../support.js";

const ROW = {
  name: "update_event",
  description: "Use this when you want to update an event",
  color: "linear-gradient(rgb(1,2,3), rgb(4,5,6))",
  schema: '[{"id":1,"property":"id","type":"string","required":true}]',
  func: "return $id",
};

function send(method: string, path: string, body?: unknown, key?: string) {
  const { emulator } = createTestEmulator();
  return sendTo(emulator, method, path, body, key);
}

async function sendTo(
  emulator: ReturnType<typeof createTestEmulator>["emulator"],
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) {
  const url = `http://flowise.local/api/v1${path}`;
  const init: RequestInit = { method, headers: key === "" ? {} : authJson(key) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await emulator.fetch(new Request(url, init));
  await expectConformsToOpenApi(method, url, response.clone());
  return { status: response.status, json: await response.json() };
}

describe("the Flowise emulator's Custom Tool routes (/api/v1/tools)", () => {
  test("create stores what is sent, unchecked, with the row's own columns; read, list, update, delete", async () => {
    const { emulator } = createTestEmulator();
    const saved = {
      ...ROW,
      iconSrc: null,
      id: generatedId(1),
      createdDate: NOW,
      updatedDate: NOW,
      workspaceId: WORKSPACE,
    };
    expect(await sendTo(emulator, "POST", "/tools", { ...ROW, extra: "ignored" })).toEqual({
      status: 200,
      json: saved,
    });
    expect(await sendTo(emulator, "GET", `/tools/${generatedId(1)}`)).toEqual({ status: 200, json: saved });
    expect(await sendTo(emulator, "GET", "/tools")).toEqual({ status: 200, json: [saved] });
    const renamed = { ...saved, name: "Get Weather (1)" };
    expect(await sendTo(emulator, "PUT", `/tools/${generatedId(1)}`, { name: "Get Weather (1)" })).toEqual({
      status: 200,
      json: renamed,
    });
    expect(await sendTo(emulator, "DELETE", `/tools/${generatedId(1)}`)).toEqual({
      status: 200,
      json: { raw: [], affected: 1 },
    });
    expect((await sendTo(emulator, "GET", "/tools")).json).toEqual([]);
  });

  test("an id in the body is the row's id (an imported tool keeps the id flows name)", async () => {
    const { json } = await send("POST", "/tools", { ...ROW, id: "4d723d69-e854-4351-90c0-6385ce908213" });
    expect(json).toMatchObject({ id: "4d723d69-e854-4351-90c0-6385ce908213" });
  });

  test.each([
    ["GET of an unknown id", "GET", "/tools/nope", undefined, 404, "Tool nope not found"],
    ["PUT of an unknown id", "PUT", "/tools/nope", { name: "x" }, 404, "Tool nope not found"],
    [
      "POST without a NOT NULL column",
      "POST",
      "/tools",
      { name: "x", description: "d" },
      500,
      "Error: toolsService.createTool - SQLITE_CONSTRAINT: NOT NULL constraint failed: tool.color",
    ],
  ])("%s is Flowise's error", async (_, method, path, body, status, message) => {
    expect(await send(method, path, body)).toEqual({ status, json: flowiseError(status, message) });
  });

  test("a DELETE of an unknown id affects nothing; without a key every route is 401", async () => {
    expect((await send("DELETE", "/tools/nope")).json).toEqual({ raw: [], affected: 0 });
    expect((await send("GET", "/tools", undefined, "")).status).toBe(401);
  });
});
