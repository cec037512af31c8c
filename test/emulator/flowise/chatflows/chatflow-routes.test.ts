import { beforeEach, describe, expect, test } from "vitest";
import { chatflowFromSeed } from "../../../../src/emulator/flowise/chatflows/chatflow-seed.js";
import { createHeldBody } from "../../../support/held-body.js";
import { useTransports } from "../../../support/transports.js";
import { expectConformsToOpenApi } from "../openapi-conformance.js";
import {
  authJson,
  createTestEmulator,
  flowiseError,
  generatedId,
  KEY_A,
  KEY_B,
  NOW,
  SEED,
  SEED_IDS,
  WORKSPACE,
} from "../support.js";

const [beta, alpha, gamma, delta] = SEED.map((seed) => chatflowFromSeed(seed, WORKSPACE, NOW));
const FLOW = '{"nodes":[],"edges":[]}';
const UNKNOWN = "99999999-9999-4999-8999-999999999999";
/** Unknown UUIDs of other versions than 4: v1 (time-based) and v7. */
const UNKNOWN_V1 = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
const UNKNOWN_V7 = "01890a5d-ac96-774b-bcce-b302099a8057";
const MALFORMED = "%E0%A4%A";
const SEEDED = ["Beta", "Gamma", "alpha", "Delta"];

/** POST and PUT answer the whole flow plus the secret column reads leave out (Flowise 3.1.4). */
const saved = <T extends object>(flow: T) => ({ ...flow, webhookSecret: null });

/** Every column of a flow created at NOW with only these fields set. */
const created = (fields: Record<string, unknown>) =>
  saved({
    id: generatedId(1),
    name: null,
    flowData: null,
    deployed: null,
    isPublic: null,
    apikeyid: null,
    chatbotConfig: null,
    apiConfig: null,
    analytic: null,
    speechToText: null,
    textToSpeech: null,
    followUpPrompts: null,
    category: null,
    type: "CHATFLOW",
    createdDate: NOW,
    updatedDate: NOW,
    mcpServerConfig: null,
    webhookSecretConfigured: false,
    workspaceId: WORKSPACE,
    ...fields,
  });

/** Beta, pinned field by field: every column, nulls where unset, in Flowise's order. */
const BETA = {
  id: SEED_IDS.beta,
  name: "Beta",
  flowData: FLOW,
  deployed: false,
  isPublic: false,
  apikeyid: null,
  chatbotConfig: null,
  apiConfig: null,
  analytic: null,
  speechToText: null,
  textToSpeech: null,
  followUpPrompts: null,
  category: "a;b",
  type: "CHATFLOW",
  createdDate: "2025-01-01T00:00:00.000Z",
  updatedDate: "2025-01-04T00:00:00.000Z",
  mcpServerConfig: null,
  webhookSecretConfigured: false,
  workspaceId: WORKSPACE,
};

interface Case {
  name: string;
  method?: string;
  path: string;
  /** Sent as JSON when an object, as is when a string. */
  body?: unknown;
  /** Default: key A. `null` sends no Authorization header. */
  key?: string | null;
  status: number;
  json?: unknown;
  text?: string;
  /** The flows `GET /chatflows` lists afterwards, by name. */
  after?: string[];
}

const cases: Case[] = [
  // GET /chatflows
  {
    name: "lists every flow, newest updatedDate first",
    path: "/chatflows",
    status: 200,
    json: [beta, gamma, alpha, delta],
  },
  { name: "the first flow is the full entity", path: `/chatflows/${SEED_IDS.beta}`, status: 200, json: BETA },
  {
    name: "?type=CHATFLOW filters exactly",
    path: "/chatflows?type=CHATFLOW",
    status: 200,
    json: [beta, alpha],
  },
  { name: "?type=AGENTFLOW", path: "/chatflows?type=AGENTFLOW", status: 200, json: [delta] },
  { name: "?type=MULTIAGENT", path: "/chatflows?type=MULTIAGENT", status: 200, json: [gamma] },
  { name: "?type=ASSISTANT with none", path: "/chatflows?type=ASSISTANT", status: 200, json: [] },
  {
    name: "an unknown ?type is ignored",
    path: "/chatflows?type=chatflow",
    status: 200,
    json: [beta, gamma, alpha, delta],
  },
  {
    name: "?page=1&limit=2",
    path: "/chatflows?page=1&limit=2",
    status: 200,
    json: { data: [beta, gamma], total: 4 },
  },
  {
    name: "?page=2&limit=3",
    path: "/chatflows?page=2&limit=3",
    status: 200,
    json: { data: [delta], total: 4 },
  },
  {
    name: "a page past the end",
    path: "/chatflows?page=9&limit=3",
    status: 200,
    json: { data: [], total: 4 },
  },
  {
    name: "pagination after the type filter",
    path: "/chatflows?type=CHATFLOW&page=2&limit=1",
    status: 200,
    json: { data: [alpha], total: 2 },
  },
  {
    name: "page without limit is not paginated",
    path: "/chatflows?page=1",
    status: 200,
    json: [beta, gamma, alpha, delta],
  },
  {
    name: "page=0 is not paginated",
    path: "/chatflows?page=0&limit=2",
    status: 200,
    json: [beta, gamma, alpha, delta],
  },
  {
    name: "parseInt reads 1.9 as 1",
    path: "/chatflows?page=1.9&limit=1",
    status: 200,
    json: { data: [beta], total: 4 },
  },
  {
    name: "a non-number is ignored",
    path: "/chatflows?page=x&limit=1",
    status: 200,
    json: [beta, gamma, alpha, delta],
  },
  {
    name: "negative page",
    path: "/chatflows?page=-1&limit=2",
    status: 412,
    json: flowiseError(412, "Error: page cannot be negative!"),
  },
  {
    name: "negative limit",
    path: "/chatflows?page=1&limit=-5",
    status: 412,
    json: flowiseError(412, "Error: limit cannot be negative!"),
  },
  {
    name: "page is checked before limit",
    path: "/chatflows?page=-1&limit=-1",
    status: 412,
    json: flowiseError(412, "Error: page cannot be negative!"),
  },
  { name: "a trailing slash lists too", path: "/chatflows/", status: 200, json: [beta, gamma, alpha, delta] },
  {
    name: "?keyonly on the list is ignored",
    path: "/chatflows?keyonly&type=AGENTFLOW",
    status: 200,
    json: [delta],
  },
  // GET /chatflows/:id
  { name: "reads a flow by id", path: `/chatflows/${SEED_IDS.delta}`, status: 200, json: delta },
  {
    name: "an upper-case UUID passes the id check",
    path: "/chatflows/ABCDEF00-0000-4000-B000-000000000000",
    status: 404,
    json: flowiseError(404, "Chatflow ABCDEF00-0000-4000-B000-000000000000 not found in the database!"),
  },
  {
    name: "an id that is not a UUID",
    path: "/chatflows/abc",
    status: 400,
    json: flowiseError(400, "Invalid Chatflow ID"),
  },
  {
    name: "a v1 UUID passes the id check (any version does)",
    path: `/chatflows/${UNKNOWN_V1}`,
    status: 404,
    json: flowiseError(404, `Chatflow ${UNKNOWN_V1} not found in the database!`),
  },
  {
    name: "a v7 UUID passes the id check",
    path: `/chatflows/${UNKNOWN_V7}`,
    status: 404,
    json: flowiseError(404, `Chatflow ${UNKNOWN_V7} not found in the database!`),
  },
  {
    name: "a UUID with a non-hex digit is not a UUID",
    path: "/chatflows/6ba7b810-9dad-11d1-80b4-00c04fd430cg",
    status: 400,
    json: flowiseError(400, "Invalid Chatflow ID"),
  },
  {
    name: "a malformed percent escape in the id is 500 URI malformed",
    path: `/chatflows/${MALFORMED}`,
    status: 500,
    json: flowiseError(500, "URI malformed"),
  },
  {
    name: "…before the API-key check",
    path: `/chatflows/${MALFORMED}`,
    key: null,
    status: 500,
    json: flowiseError(500, "URI malformed"),
  },
  {
    name: "…and in the query too (Flowise decodes the whole URL)",
    path: "/chatflows?type=100%",
    status: 500,
    json: flowiseError(500, "URI malformed"),
  },
  {
    name: "a well-formed escape of a non-UUID is the usual 400",
    path: "/chatflows/%E0%A4%A4",
    status: 400,
    json: flowiseError(400, "Invalid Chatflow ID"),
  },
  {
    name: "an unknown id",
    path: `/chatflows/${UNKNOWN}`,
    status: 404,
    json: flowiseError(404, `Chatflow ${UNKNOWN} not found in the database!`),
  },
  // GET /chatflows/apikey/:apikey
  {
    name: "key A: its flows plus unbound ones, by name (binary order)",
    path: `/chatflows/apikey/${KEY_A}`,
    key: null,
    status: 200,
    json: [beta, delta, gamma, alpha],
  },
  {
    name: "key A ?keyonly: only bound flows",
    path: `/chatflows/apikey/${KEY_A}?keyonly`,
    key: null,
    status: 200,
    json: [delta, alpha],
  },
  {
    name: "?keyonly=false counts as present",
    path: `/chatflows/apikey/${KEY_A}?keyonly=false`,
    key: null,
    status: 200,
    json: [delta, alpha],
  },
  {
    name: "key B: only unbound flows",
    path: `/chatflows/apikey/${KEY_B}`,
    key: null,
    status: 200,
    json: [beta, gamma],
  },
  {
    name: "key B ?keyonly: nothing is Flowise's 500",
    path: `/chatflows/apikey/${KEY_B}?keyonly`,
    key: null,
    status: 500,
    json: flowiseError(
      500,
      "Error: chatflowsService.getChatflowByApiKey - Chatflow not found in the database!",
    ),
  },
  {
    name: "an unknown key is plain-text 401",
    path: "/chatflows/apikey/nope",
    key: null,
    status: 401,
    text: "Unauthorized",
  },
  {
    name: "the lookup is whitelisted, a wrong header is ignored",
    path: `/chatflows/apikey/${KEY_B}`,
    key: "bad",
    status: 200,
  },
  {
    name: "without the trailing part it is an id lookup (and needs auth)",
    path: "/chatflows/apikey",
    key: null,
    status: 401,
    json: { error: "Unauthorized Access" },
  },
  {
    name: "…which is an invalid id",
    path: "/chatflows/apikey",
    status: 400,
    json: flowiseError(400, "Invalid Chatflow ID"),
  },
  // POST /chatflows
  {
    name: "creates a flow; the answer has the body fields and the generated ones",
    method: "POST",
    path: "/chatflows",
    body: {
      name: "New",
      flowData: FLOW,
      deployed: true,
      type: "AGENTFLOW",
      id: UNKNOWN,
      workspaceId: "x",
      createdDate: "1999",
    },
    status: 200,
    json: created({ name: "New", flowData: FLOW, deployed: true, type: "AGENTFLOW" }),
    after: ["New", "Beta", "Gamma", "alpha", "Delta"],
  },
  {
    name: "the answer has every column, unset ones null, plus webhookSecret: null",
    method: "POST",
    path: "/chatflows",
    body: { name: "N", flowData: FLOW, type: "CHATFLOW", category: "x;y", chatbotConfig: '{"a":1}' },
    status: 200,
    json: created({ name: "N", flowData: FLOW, category: "x;y", chatbotConfig: '{"a":1}' }),
  },
  {
    name: "fields set to null are null in the answer",
    method: "POST",
    path: "/chatflows",
    body: { name: "N", flowData: FLOW, type: "CHATFLOW", category: null },
    status: 200,
    json: created({ name: "N", flowData: FLOW, category: null }),
  },
  ...["", "chatflow", "FLOW"].map<Case>((type) => ({
    name: `type ${JSON.stringify(type)} is invalid`,
    method: "POST",
    path: "/chatflows",
    body: { name: "N", flowData: FLOW, type },
    status: 400,
    json: flowiseError(400, "Invalid Chatflow Type"),
    after: ["Beta", "Gamma", "alpha", "Delta"],
  })),
  {
    name: "a missing type is invalid",
    method: "POST",
    path: "/chatflows",
    body: { name: "N", flowData: FLOW },
    status: 400,
    json: flowiseError(400, "Invalid Chatflow Type"),
  },
  {
    name: "an empty body has no type",
    method: "POST",
    path: "/chatflows",
    body: "",
    status: 400,
    json: flowiseError(400, "Invalid Chatflow Type"),
  },
  {
    name: "a missing name is the database's 500",
    method: "POST",
    path: "/chatflows",
    body: { flowData: FLOW, type: "CHATFLOW" },
    status: 500,
    json: flowiseError(500, "SQLITE_CONSTRAINT: NOT NULL constraint failed: chat_flow.name"),
    after: ["Beta", "Gamma", "alpha", "Delta"],
  },
  {
    name: "a missing flowData is parsed as undefined: 500, nothing saved",
    method: "POST",
    path: "/chatflows",
    body: { name: "N", type: "CHATFLOW" },
    status: 500,
    json: flowiseError(500, `"undefined" is not valid JSON`),
    after: SEEDED,
  },
  {
    name: "flowData is parsed before the NOT NULL checks",
    method: "POST",
    path: "/chatflows",
    body: { type: "CHATFLOW" },
    status: 500,
    json: flowiseError(500, `"undefined" is not valid JSON`),
  },
  {
    name: "a null flowData parses (as null) and is the database's 500",
    method: "POST",
    path: "/chatflows",
    body: { name: "N", flowData: null, type: "CHATFLOW" },
    status: 500,
    json: flowiseError(500, "SQLITE_CONSTRAINT: NOT NULL constraint failed: chat_flow.flowData"),
    after: SEEDED,
  },
  {
    name: "flowData that is not JSON is a 500 and NOT saved",
    method: "POST",
    path: "/chatflows",
    body: { name: "Broken", flowData: "nope", type: "CHATFLOW" },
    status: 500,
    json: flowiseError(500, `Unexpected token 'o', "nope" is not valid JSON`),
    after: SEEDED,
  },
  {
    name: "flowData sent as an object is parsed as its text [object Object]",
    method: "POST",
    path: "/chatflows",
    body: { name: "Object", flowData: { nodes: [], edges: [] }, type: "CHATFLOW" },
    status: 500,
    json: flowiseError(500, `"[object Object]" is not valid JSON`),
    after: SEEDED,
  },
  {
    name: "a form-urlencoded body is read too",
    method: "POST",
    path: "/chatflows",
    body: new URLSearchParams({ name: "Form", flowData: FLOW, type: "CHATFLOW" }).toString(),
    status: 200,
    after: ["Form", "Beta", "Gamma", "alpha", "Delta"],
  },
  // PUT /chatflows/:id
  {
    name: "a partial update keeps omitted fields and bumps updatedDate",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.delta}`,
    body: { name: "Delta 2", deployed: true, id: UNKNOWN, createdDate: "1999" },
    status: 200,
    json: saved({ ...delta, name: "Delta 2", deployed: true, updatedDate: NOW }),
    after: ["Delta 2", "Beta", "Gamma", "alpha"],
  },
  {
    name: "type may change",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.beta}`,
    body: { type: "ASSISTANT" },
    status: 200,
    json: saved({ ...beta, type: "ASSISTANT", updatedDate: NOW }),
  },
  {
    name: "a null type keeps the type",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.beta}`,
    body: { type: null, category: null },
    status: 200,
    json: saved({ ...beta, category: null, updatedDate: NOW }),
  },
  {
    name: "an empty type is invalid",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.beta}`,
    body: { type: "" },
    status: 400,
    json: flowiseError(400, "Invalid Chatflow Type"),
  },
  {
    name: "a valid chatbotConfig",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.beta}`,
    body: { chatbotConfig: '{"welcomeMessage":"hi"}' },
    status: 200,
    json: saved({ ...beta, chatbotConfig: '{"welcomeMessage":"hi"}', updatedDate: NOW }),
  },
  {
    name: "a chatbotConfig that is not JSON",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.beta}`,
    body: { chatbotConfig: "{bad" },
    status: 400,
    json: flowiseError(400, `Invalid chatbotConfig: Expected property name or '}' in JSON at position 1`),
  },
  {
    name: "a chatbotConfig sent as an object, not a JSON string",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.beta}`,
    body: { chatbotConfig: { welcomeMessage: "hi" } },
    status: 400,
    json: flowiseError(400, `Invalid chatbotConfig: "[object Object]" is not valid JSON`),
  },
  {
    name: "an empty chatbotConfig is not parsed",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.beta}`,
    body: { chatbotConfig: "" },
    status: 200,
    json: saved({ ...beta, chatbotConfig: "", updatedDate: NOW }),
  },
  {
    name: "flowData that is not JSON is a 500 and not saved",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.alpha}`,
    body: { name: "Renamed", flowData: "{" },
    status: 500,
    json: flowiseError(500, `Expected property name or '}' in JSON at position 1`),
    after: ["Beta", "Gamma", "alpha", "Delta"],
  },
  {
    name: "flowData sent as an object is a 500 and not saved",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.alpha}`,
    body: { name: "Renamed", flowData: { nodes: [], edges: [] } },
    status: 500,
    json: flowiseError(500, `"[object Object]" is not valid JSON`),
    after: SEEDED,
  },
  {
    name: "a null name is the database's 500",
    method: "PUT",
    path: `/chatflows/${SEED_IDS.alpha}`,
    body: { name: null },
    status: 500,
    json: flowiseError(500, "SQLITE_CONSTRAINT: NOT NULL constraint failed: chat_flow.name"),
  },
  {
    name: "PUT of an unknown v1 UUID",
    method: "PUT",
    path: `/chatflows/${UNKNOWN_V1}`,
    body: { name: "x" },
    status: 404,
    json: flowiseError(404, `Chatflow ${UNKNOWN_V1} not found in the database!`),
  },
  {
    name: "PUT with a malformed percent escape",
    method: "PUT",
    path: `/chatflows/${MALFORMED}`,
    body: { name: "x" },
    status: 500,
    json: flowiseError(500, "URI malformed"),
  },
  {
    name: "PUT of an invalid id",
    method: "PUT",
    path: "/chatflows/abc",
    body: { name: "x" },
    status: 400,
    json: flowiseError(400, "Invalid Chatflow ID"),
  },
  {
    name: "PUT of an unknown id",
    method: "PUT",
    path: `/chatflows/${UNKNOWN}`,
    body: { name: "x" },
    status: 404,
    json: flowiseError(404, `Chatflow ${UNKNOWN} not found in the database!`),
  },
  // DELETE /chatflows/:id
  {
    name: "deletes a flow",
    method: "DELETE",
    path: `/chatflows/${SEED_IDS.gamma}`,
    status: 200,
    json: { raw: [], affected: 1 },
    after: ["Beta", "alpha", "Delta"],
  },
  {
    name: "DELETE of an unknown id is a 500",
    method: "DELETE",
    path: `/chatflows/${UNKNOWN}`,
    status: 500,
    json: flowiseError(
      500,
      `Error: chatflowsService.deleteChatflow - Chatflow ${UNKNOWN} not found in the database!`,
    ),
  },
  {
    name: "DELETE of an unknown v1 UUID is the same 500",
    method: "DELETE",
    path: `/chatflows/${UNKNOWN_V1}`,
    status: 500,
    json: flowiseError(
      500,
      `Error: chatflowsService.deleteChatflow - Chatflow ${UNKNOWN_V1} not found in the database!`,
    ),
  },
  {
    name: "DELETE of an id that is not a UUID is a 500 naming the invalid id",
    method: "DELETE",
    path: "/chatflows/abc",
    status: 500,
    json: flowiseError(500, "Error: chatflowsService.deleteChatflow - Invalid Chatflow ID"),
    after: SEEDED,
  },
  {
    name: "DELETE with a malformed percent escape",
    method: "DELETE",
    path: `/chatflows/${MALFORMED}`,
    status: 500,
    json: flowiseError(500, "URI malformed"),
    after: SEEDED,
  },
];

describe("Flowise emulator: chatflows", () => {
  const { emulator, restart } = createTestEmulator();
  beforeEach(restart);

  describe.each(useTransports(emulator.fetch))("over $name", (transport) => {
    test.each(cases)("$name → $status", async (c) => {
      const headers: Record<string, string> = c.key === null ? {} : authJson(c.key ?? KEY_A);
      if (typeof c.body === "string" && c.body.includes("=")) {
        headers["content-type"] = "application/x-www-form-urlencoded";
      }
      const body =
        c.body === undefined ? undefined : typeof c.body === "string" ? c.body : JSON.stringify(c.body);
      const response = await transport.send(`/api/v1${c.path}`, {
        method: c.method ?? "GET",
        headers,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status).toBe(c.status);
      await expectConformsToOpenApi(c.method ?? "GET", `/api/v1${c.path}`, response);
      if (c.json !== undefined) {
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(await response.json()).toEqual(c.json);
      }
      if (c.text !== undefined) expect(await response.text()).toBe(c.text);
      if (c.after) expect(emulator.snapshot().chatflows.map((flow) => flow.name)).toEqual(c.after);
    });
  });
});

describe("Flowise emulator: chatflows under concurrency", () => {
  test("a DELETE that lands while a PUT's form body arrives is not undone", async () => {
    const { emulator } = createTestEmulator();
    const form = "name=Resurrected";
    const body = createHeldBody();
    // A declared length keeps the body guard from reading a form body early, as over a socket.
    const headers = {
      authorization: `Bearer ${KEY_A}`,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(form.length),
    };
    const put = emulator.fetch(
      new Request(`http://f/api/v1/chatflows/${SEED_IDS.beta}`, {
        method: "PUT",
        headers,
        body: body.stream,
        duplex: "half",
      } as RequestInit),
    );
    await body.reading;
    const deleted = await emulator.fetch(
      new Request(`http://f/api/v1/chatflows/${SEED_IDS.beta}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${KEY_A}` },
      }),
    );
    expect(deleted.status).toBe(200);
    body.send(form);
    const answer = await put;
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual(
      flowiseError(404, `Chatflow ${SEED_IDS.beta} not found in the database!`),
    );
    expect(emulator.snapshot().chatflows.map((flow) => flow.id)).not.toContain(SEED_IDS.beta);
  });
});

describe("Flowise emulator: a created chatflow's keys in Flowise's order", () => {
  /** The keys that follow the ones set, in every answer: the unset nullable columns, then the generated ones. */
  const NULL_COLUMNS = [
    "deployed",
    "isPublic",
    "apikeyid",
    "chatbotConfig",
    "apiConfig",
    "analytic",
    "speechToText",
    "textToSpeech",
    "followUpPrompts",
    "category",
    "mcpServerConfig",
    "webhookSecret",
  ];
  const GENERATED = ["id", "createdDate", "updatedDate", "webhookSecretConfigured"];

  test.each([
    [
      "name, flowData and type: then the workspace Flowise sets",
      { name: "N", flowData: FLOW, type: "CHATFLOW" },
      ["name", "flowData", "type", "workspaceId"],
    ],
    [
      "fields sent in any order come in column order",
      { type: "AGENTFLOW", category: "x;y", deployed: true, flowData: FLOW, name: "N" },
      ["name", "flowData", "deployed", "category", "type", "workspaceId"],
    ],
    [
      "a field sent as null is a field sent",
      { name: "N", flowData: FLOW, type: "CHATFLOW", chatbotConfig: null, mcpServerConfig: "{}" },
      ["name", "flowData", "chatbotConfig", "type", "mcpServerConfig", "workspaceId"],
    ],
    [
      "id, dates and workspace in the body are not taken: still generated, last",
      { id: UNKNOWN, createdDate: "1999", workspaceId: "x", name: "N", flowData: FLOW, type: "CHATFLOW" },
      ["name", "flowData", "type", "workspaceId"],
    ],
  ])("%s", async (_name, body, sent) => {
    const { emulator } = createTestEmulator();
    const answer = await emulator.fetch(
      new Request("http://f/api/v1/chatflows", {
        method: "POST",
        headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(answer.status).toBe(200);
    const keys = Object.keys(await answer.json());
    const unset = NULL_COLUMNS.filter((column) => !sent.includes(column));
    expect(keys).toEqual([...sent, ...unset, ...GENERATED]);
  });

  test("PUT keeps the column order of the reads, with webhookSecret beside its flag", async () => {
    const { emulator } = createTestEmulator();
    const answer = await emulator.fetch(
      new Request(`http://f/api/v1/chatflows/${SEED_IDS.beta}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${KEY_A}`, "content-type": "application/json" },
        body: JSON.stringify({ category: "c" }),
      }),
    );
    const keys = Object.keys(await answer.json());
    expect(keys).toEqual([
      ...Object.keys(BETA).filter((key) => key !== "webhookSecretConfigured" && key !== "workspaceId"),
      "webhookSecret",
      "webhookSecretConfigured",
      "workspaceId",
    ]);
  });
});
