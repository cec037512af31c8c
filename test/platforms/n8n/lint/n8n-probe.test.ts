import { expect, test } from "vitest";
import { probe } from "../../../../src/lint/probe/probe.js";
import { currentNode } from "../support/n8n-nodes.js";

test("an n8n call tooldeck cannot reproduce (a credential not given) is not probed, said as info, nothing sent", async () => {
  const sent: string[] = [];
  const config = currentNode(
    {
      url: "=http://api.test/items/{{ $fromAI('id') }}",
      authentication: "genericCredentialType",
      genericAuthType: "httpHeaderAuth",
    },
    { credentials: { httpHeaderAuth: { name: "Items" } } },
  );
  const fetch = async (input: string | URL | Request) => {
    sent.push(String(input));
    return Response.json({});
  };
  const { diagnostics, records } = await probe([{ config, source: { file: "w.json", path: "nodes[1]" } }], {
    profile: "n8n",
    target: () => ({ fetch }),
    allowWrites: true,
  });
  expect(diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`)).toEqual([
    "info probe: not probed: credential variable n8n_credential_httpHeaderAuth_Items_name is not set (set it with --secret n8n_credential_httpHeaderAuth_Items_name=…)",
  ]);
  expect(records.map((record) => record.sent)).toEqual([
    "GET =http://api.test/items/{{ $fromAI('id') }} → not probed",
  ]);
  expect(sent).toEqual([]);
});
