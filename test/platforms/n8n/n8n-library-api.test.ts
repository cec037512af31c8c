import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";
import { listenDuringTests, loopbackServer } from "../../support/loopback-server.js";

/**
 * A library user's n8n workflow, driven through the package root's built entry (dist/lib; run
 * `npm run build` first) exactly as `import … from "tooldeck"` gives it: the workflow export, its
 * decrypted credentials and `$vars` in memory, no file, no project root (issue 40).
 */
const tooldeck = (await import(
  pathToFileURL(packagePath("dist", "lib", "index.js")).href
)) as typeof import("../../../src/index.js");

const api = loopbackServer({
  describe: (request) => `${request.method} ${request.url} authorization=${request.headers.authorization}`,
  answer: '{"ok":true}',
});
listenDuringTests(api);

const WORKFLOW = {
  name: "Items",
  nodes: [
    { name: "AI Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1, parameters: {} },
    {
      name: "Delete Item",
      type: "n8n-nodes-base.httpRequestTool",
      typeVersion: 4.2,
      parameters: {
        method: "DELETE",
        url: "={{ $vars.base_url }}/items/{{ $fromAI('id') }}",
        authentication: "genericCredentialType",
        genericAuthType: "httpBearerAuth",
      },
      credentials: { httpBearerAuth: { id: "3", name: "Items token" } },
    },
  ],
  connections: { "Delete Item": { ai_tool: [[{ node: "AI Agent", type: "ai_tool", index: 0 }]] } },
};
const CREDENTIALS = [{ id: "3", name: "Items token", type: "httpBearerAuth", data: { token: "tok-456" } }];

describe("the library: an n8n workflow with its credentials and $vars in memory", () => {
  test("loadN8nWorkflow(workflow, { credentials, variables }) → createTools → a call carrying the token", async () => {
    const loaded = tooldeck.loadN8nWorkflow(WORKFLOW, {
      credentials: CREDENTIALS,
      variables: [{ key: "base_url", value: `http://${api.host()}` }],
    });
    expect(loaded.errors).toEqual([]);
    const [tool] = await tooldeck.createTools(
      loaded.tools.map((entry) => entry.config),
      { profile: "n8n", vars: loaded.vars ?? {} },
    );
    expect(tool?.name).toBe("Delete_Item");
    expect((await tool?.invoke({ id: "9" }))?.ok).toBe(true);
    expect(api.requests).toEqual(["DELETE /items/9 authorization=Bearer tok-456"]);
  });

  test("an unknown credential is a load error, not a throw", () => {
    const loaded = tooldeck.loadN8nWorkflow(WORKFLOW, { credentials: [] });
    expect(loaded.errors.map(tooldeck.formatConfigIssue)).toEqual([
      'workflow: nodes[1].credentials.httpBearerAuth: the httpBearerAuth credential "Items token" (id 3) is not among options.credentials',
    ]);
  });
});
