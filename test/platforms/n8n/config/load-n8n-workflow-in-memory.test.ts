import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../../../src/config/config-issue.js";
import { loadN8nWorkflow } from "../../../../src/platforms/n8n/config/load-n8n-workflow.js";
import { createTools } from "../../../../src/runtime/create-tools.js";
import { listenDuringTests, loopbackServer } from "../../../support/loopback-server.js";

/** A loopback service recording each request's path and its x-api-key header. */
const api = loopbackServer({
  describe: (request) => `${request.method} ${request.url} x-api-key=${request.headers["x-api-key"]}`,
  answer: '{"id":"7","name":"Widget"}',
});
listenDuringTests(api);

const AGENT = { name: "AI Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1, parameters: {} };

/** An HTTP Request tool authenticating with the Header Auth credential "Items API", as n8n exports it. */
function getItem(credentials: Record<string, unknown> = { httpHeaderAuth: { id: "7", name: "Items API" } }) {
  return {
    name: "Get Item",
    type: "n8n-nodes-base.httpRequestTool",
    typeVersion: 4.2,
    parameters: {
      url: "={{ $vars.base_url }}/items/{{ $fromAI('id', 'The item id') }}",
      authentication: "genericCredentialType",
      genericAuthType: "httpHeaderAuth",
      toolDescription: "Get an item",
    },
    credentials,
  };
}

const workflow = (node: Record<string, unknown> = getItem()) => ({
  name: "Items",
  nodes: [AGENT, node],
  connections: { "Get Item": { ai_tool: [[{ node: "AI Agent", type: "ai_tool", index: 0 }]] } },
});

/** `n8n export:credentials --all --decrypted`'s entry for it. */
const ITEMS_API = {
  id: "7",
  name: "Items API",
  type: "httpHeaderAuth",
  data: { name: "x-api-key", value: "hdr-secret-123" },
  isManaged: false,
};

const errorsOf = (result: ReturnType<typeof loadN8nWorkflow>) => result.errors.map(formatConfigIssue);

describe("loadN8nWorkflow: a workflow, its credentials and $vars in memory", () => {
  test("the tool is created with the credential's header, and its call sends it (loopback)", async () => {
    const loaded = loadN8nWorkflow(workflow(), {
      credentials: [ITEMS_API],
      variables: { base_url: `http://${api.host()}` },
    });
    expect(errorsOf(loaded)).toEqual([]);
    expect(loaded.tools.map((tool) => [tool.config.name, tool.source.file, tool.source.path])).toEqual([
      ["Get Item", "workflow", "nodes[1]"],
    ]);
    expect(loaded.vars).toEqual({
      base_url: `http://${api.host()}`,
      n8n_credential_httpHeaderAuth_Items_API_name: "x-api-key",
      n8n_credential_httpHeaderAuth_Items_API_value: "hdr-secret-123",
    });
    const [tool] = await createTools(
      loaded.tools.map((entry) => entry.config),
      { profile: "n8n", vars: loaded.vars ?? {} },
    );
    expect(Object.keys(tool?.inputSchema.properties as object)).toEqual(["id"]);
    const result = await tool?.invoke({ id: "7" });
    expect(result?.output).toBe('[{"id":"7","name":"Widget"}]');
    expect(api.requests).toEqual(["GET /items/7 x-api-key=hdr-secret-123"]);
  });

  test("a credential is found by type and name when the ids differ (another instance's export)", () => {
    const loaded = loadN8nWorkflow(workflow(), { credentials: [{ ...ITEMS_API, id: "other" }] });
    expect(errorsOf(loaded)).toEqual([]);
    expect(loaded.vars?.n8n_credential_httpHeaderAuth_Items_API_value).toBe("hdr-secret-123");
  });

  test("an OAuth2 credential's token is read where n8n keeps it (oauthTokenData)", () => {
    const base = getItem({ githubOAuth2Api: { id: "9", name: "GitHub" } });
    const parameters = { url: base.parameters.url, authentication: "predefinedCredentialType" };
    const node = { ...base, parameters: { ...parameters, nodeCredentialType: "githubOAuth2Api" } };
    const github = {
      id: "9",
      name: "GitHub",
      type: "githubOAuth2Api",
      data: {
        clientId: "c",
        clientSecret: "s",
        oauthTokenData: { access_token: "gho_abc", token_type: "bearer" },
      },
    };
    const loaded = loadN8nWorkflow(workflow(node), { credentials: [github] });
    expect(errorsOf(loaded)).toEqual([]);
    expect(loaded.vars).toEqual({ n8n_credential_githubOAuth2Api_GitHub_access_token: "gho_abc" });
  });

  test("an array of workflows (export:workflow --all): each at its index, with its own agent", () => {
    const loaded = loadN8nWorkflow([workflow(), workflow()], { file: "all.json", credentials: [ITEMS_API] });
    expect(errorsOf(loaded)).toEqual([]);
    expect(loaded.tools.map((tool) => [tool.source.path, tool.source.agent?.id])).toEqual([
      ["[0].nodes[1]", "all.json#[0].nodes[0]"],
      ["[1].nodes[1]", "all.json#[1].nodes[0]"],
    ]);
  });

  test("without credentials, nothing is checked: the tool's call names the variable it lacks", async () => {
    const loaded = loadN8nWorkflow(workflow(), {
      variables: [{ key: "base_url", value: `http://${api.host()}` }],
    });
    expect(errorsOf(loaded)).toEqual([]);
    const [tool] = await createTools(
      loaded.tools.map((entry) => entry.config),
      { profile: "n8n", vars: loaded.vars ?? {} },
    );
    expect((await tool?.invoke({ id: "7" }))?.error).toMatch(
      /^tooldeck cannot call this tool as n8n would: credential variable n8n_credential_httpHeaderAuth_Items_API_name is not set/,
    );
    expect(api.requests).toEqual([]);
  });
});

describe("loadN8nWorkflow: what it refuses, as load errors naming where", () => {
  test.each([
    ["a Flowise flow", { nodes: [], edges: [] }, "a Flowise flow"],
    ["nodes without connections", { nodes: [AGENT] }, "object"],
    ["null", null, "null"],
    ["a text", "{}", "string"],
  ])("%s is not a workflow", (_label, value, received) => {
    const loaded = loadN8nWorkflow(value, { file: "mine" });
    expect(loaded.tools).toEqual([]);
    expect(errorsOf(loaded)).toEqual([
      `mine: expected an n8n workflow export (an object with "nodes" and "connections"), received ${received}`,
    ]);
  });

  test("credentials of the wrong shape: not an object, encrypted, fields not an object", () => {
    const loaded = loadN8nWorkflow(workflow(), {
      credentials: [
        "x-api-key: hdr-secret-123",
        { ...ITEMS_API, data: "U2FsdGVkX1+encrypted" },
        { ...ITEMS_API, data: [1] },
      ],
    });
    expect(errorsOf(loaded)).toEqual([
      "workflow: options.credentials[0]: expected an n8n credential {id, name, type, data} (n8n export:credentials --decrypted), received string",
      'workflow: options.credentials[1].data: the credential "Items API" is encrypted: export it with n8n export:credentials --decrypted',
      "workflow: options.credentials[2].data: expected the credential's fields as an object, received array",
      'workflow: nodes[1].credentials.httpHeaderAuth: the httpHeaderAuth credential "Items API" (id 7) is not among options.credentials',
    ]);
    expect(loaded.vars).toBeUndefined();
    expect(JSON.stringify(loaded)).not.toContain("hdr-secret-123");
  });

  test("a credential lacking a field the tool sends names the field and the tool", () => {
    const loaded = loadN8nWorkflow(workflow(), {
      credentials: [{ ...ITEMS_API, data: { name: "x-api-key", value: 42 } }],
    });
    expect(errorsOf(loaded)).toEqual([
      'workflow: options.credentials[0].data.value: the httpHeaderAuth credential "Items API" has no text field "value", which "Get Item" sends',
    ]);
  });

  test("an unknown credential: another type of the same name is not it", () => {
    const bearer = { ...ITEMS_API, type: "httpBearerAuth", data: { token: "t" } };
    const loaded = loadN8nWorkflow(workflow(), { credentials: [bearer] });
    expect(errorsOf(loaded)).toEqual([
      'workflow: nodes[1].credentials.httpHeaderAuth: the httpHeaderAuth credential "Items API" (id 7) is not among options.credentials',
    ]);
    expect(loaded.tools.map((tool) => tool.config.name)).toEqual(["Get Item"]);
  });

  test("$vars that are not texts, and rows without a key", () => {
    expect(errorsOf(loadN8nWorkflow(workflow(), { variables: { base_url: 5 } }))).toEqual([
      "workflow: options.variables.base_url: expected the text of $vars.base_url, received number",
    ]);
    expect(errorsOf(loadN8nWorkflow(workflow(), { variables: [{ name: "base_url", value: "x" }] }))).toEqual([
      "workflow: options.variables[0]: expected an n8n variable {key, value}, received object",
    ]);
  });
});
