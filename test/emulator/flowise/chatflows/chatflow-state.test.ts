import { beforeEach, describe, expect, test } from "vitest";
import { createFlowiseEmulator } from "../../../../src/emulator/flowise/flowise-emulator.js";
import { useTransports } from "../../../support/transports.js";
import { expectConformsToOpenApi } from "../openapi-conformance.js";
import { authJson, createTestEmulator, flowiseError, KEY_A, KEY_A_ID, SEED_IDS } from "../support.js";

const FLOW = '{"nodes":[],"edges":[]}';

const PROTECTED: [method: string, path: string][] = [
  ["GET", "/api/v1/chatflows"],
  ["GET", `/api/v1/chatflows/${SEED_IDS.beta}`],
  ["POST", "/api/v1/chatflows"],
  ["PUT", `/api/v1/chatflows/${SEED_IDS.beta}`],
  ["DELETE", `/api/v1/chatflows/${SEED_IDS.beta}`],
];

describe("Flowise emulator: chatflow auth and state", () => {
  const { emulator, restart } = createTestEmulator();
  beforeEach(restart);

  describe.each(useTransports(emulator.fetch))("over $name", (transport) => {
    test.each(
      PROTECTED.flatMap(([method, path]) => [
        { method, path, authorization: undefined },
        { method, path, authorization: "Bearer wrong-key" },
      ]),
    )("$method $path with $authorization → 401", async ({ method, path, authorization }) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (authorization) headers.authorization = authorization;
      const response = await transport.send(path, {
        method,
        headers,
        ...(method === "POST" || method === "PUT" ? { body: JSON.stringify({ name: "x" }) } : {}),
      });
      expect(response.status).toBe(401);
      await expectConformsToOpenApi(method, path, response);
      expect(await response.json()).toEqual({ error: "Unauthorized Access" });
      expect(emulator.snapshot().chatflows).toHaveLength(4);
    });

    test("100 parallel creates are all kept, with distinct ids", async () => {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          transport.send("/api/v1/chatflows", {
            method: "POST",
            headers: authJson(),
            body: JSON.stringify({ name: `flow ${index}`, flowData: FLOW, type: "CHATFLOW" }),
          }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200));
      const ids = await Promise.all(responses.map(async (response) => (await response.json()).id));
      expect(new Set(ids).size).toBe(100);
      const listed = await transport.send("/api/v1/chatflows", { headers: authJson() });
      const flows: { id: string; name: string }[] = await listed.json();
      expect(flows).toHaveLength(104);
      expect(new Set(flows.map((flow) => flow.name))).toEqual(
        new Set([
          ...Array.from({ length: 100 }, (_, index) => `flow ${index}`),
          "Beta",
          "alpha",
          "Gamma",
          "Delta",
        ]),
      );
    });
  });

  test("reset() returns to the seed; snapshot() is a copy", async () => {
    await emulator.fetch(
      new Request(`http://flowise.test/api/v1/chatflows/${SEED_IDS.beta}`, {
        method: "DELETE",
        headers: authJson(),
      }),
    );
    const snapshot = emulator.snapshot();
    expect(snapshot.chatflows.map((flow) => flow.name)).toEqual(["Gamma", "alpha", "Delta"]);
    (snapshot.chatflows[0] as { name: string }).name = "changed";
    expect(emulator.snapshot().chatflows[0]?.name).toBe("Gamma");
    emulator.reset();
    expect(emulator.snapshot().chatflows.map((flow) => flow.name)).toEqual([
      "Beta",
      "Gamma",
      "alpha",
      "Delta",
    ]);
  });

  test("onChatflowDeleted listeners hear deleted ids only, until they unsubscribe", async () => {
    const heard: string[] = [];
    const stop = emulator.onChatflowDeleted((id) => heard.push(id));
    const remove = (id: string) =>
      emulator.fetch(
        new Request(`http://flowise.test/api/v1/chatflows/${id}`, { method: "DELETE", headers: authJson() }),
      );
    expect((await remove(SEED_IDS.beta)).status).toBe(200);
    expect((await remove(SEED_IDS.beta)).status).toBe(500);
    stop();
    expect((await remove(SEED_IDS.alpha)).status).toBe(200);
    expect(heard).toEqual([SEED_IDS.beta]);
  });

  test("an unexpected error is a 500 in Flowise's body, and its cause is logged", async () => {
    const logged: unknown[] = [];
    const failing = createFlowiseEmulator({
      apiKeys: [{ key: KEY_A, id: KEY_A_ID }],
      seed: { chatflows: [] },
      randomId: () => {
        throw new Error("id source exhausted");
      },
      logError: (error) => logged.push(error),
    });
    const response = await failing.fetch(
      new Request("http://flowise.test/api/v1/chatflows", {
        method: "POST",
        headers: authJson(),
        body: JSON.stringify({ name: "x", flowData: FLOW, type: "CHATFLOW" }),
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(flowiseError(500, "id source exhausted"));
    expect(logged).toHaveLength(1);
  });
});

describe("Flowise emulator: chatflows updated within one second", () => {
  /**
   * A clock 300 ms further on each call. The emulator reads it once when it starts (11:59:59.700), so
   * its requests are at 12:00:00.000, .300, .600, .900, then 12:00:01.200.
   */
  const steppingClock = () => {
    let calls = 0;
    return () => new Date(Date.parse("2025-03-01T11:59:59.700Z") + 300 * calls++);
  };
  const names = async (flowise: ReturnType<typeof createFlowiseEmulator>) => {
    const response = await flowise.fetch(
      new Request("http://flowise.test/api/v1/chatflows", { headers: authJson() }),
    );
    return ((await response.json()) as { name: string }[]).map((flow) => flow.name);
  };
  const send = (
    flowise: ReturnType<typeof createFlowiseEmulator>,
    method: string,
    path: string,
    body: object,
  ) =>
    flowise.fetch(
      new Request(`http://flowise.test/api/v1/chatflows${path}`, {
        method,
        headers: authJson(),
        body: JSON.stringify(body),
      }),
    );

  test("are listed earlier-written first; a later second comes first", async () => {
    const flowise = createFlowiseEmulator({
      apiKeys: [{ key: KEY_A, id: KEY_A_ID }],
      seed: { chatflows: [] },
      now: steppingClock(),
    });
    for (const name of ["first", "second", "third", "fourth"]) {
      expect((await send(flowise, "POST", "", { name, flowData: FLOW, type: "CHATFLOW" })).status).toBe(200);
    }
    // Written at 12:00:00.000, .300, .600 and .900: one second.
    expect(await names(flowise)).toEqual(["first", "second", "third", "fourth"]);
    // The next write is at 12:00:01.200: a later second lists first.
    const [, second] = emulatorIds(flowise);
    expect((await send(flowise, "PUT", `/${second}`, { name: "second, renamed" })).status).toBe(200);
    expect(await names(flowise)).toEqual(["second, renamed", "first", "third", "fourth"]);
  });

  test("an update within the same second keeps the flow's place (the insertion order)", async () => {
    const flowise = createFlowiseEmulator({
      apiKeys: [{ key: KEY_A, id: KEY_A_ID }],
      seed: { chatflows: [] },
      now: steppingClock(),
    });
    for (const name of ["first", "second"]) {
      await send(flowise, "POST", "", { name, flowData: FLOW, type: "CHATFLOW" });
    }
    const [first] = emulatorIds(flowise);
    expect((await send(flowise, "PUT", `/${first}`, { name: "first, renamed" })).status).toBe(200);
    expect(await names(flowise)).toEqual(["first, renamed", "second"]);
  });
});

/** Ids of the emulator's flows in creation order (the snapshot lists them as the API does). */
function emulatorIds(flowise: ReturnType<typeof createFlowiseEmulator>): string[] {
  return flowise
    .snapshot()
    .chatflows.sort((a, b) => a.createdDate.localeCompare(b.createdDate))
    .map((flow) => flow.id);
}
