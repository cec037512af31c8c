import { PassThrough } from "node:stream";
import { expect, test } from "vitest";
import { createMcpCommand } from "../../src/cli/commands/mcp.js";
import { captureIo } from "../support/capture-io.js";

/** Sends each request over the in-process stdio of `mcp` and returns the answers, in order. */
async function answersTo(
  requests: unknown[],
): Promise<{ id: unknown; error?: { code: number; message: string } }[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const { io, stderr } = captureIo();
  const exit = createMcpCommand(() => ({ input, output })).run(["tools/request-tools.yaml"], io);
  const lines: string[] = [];
  output.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  await expect.poll(() => stderr()).toContain("over stdio");
  for (const request of requests) input.write(`${JSON.stringify(request)}\n`);
  await expect.poll(() => lines.length).toBe(requests.length);
  input.end();
  expect(await exit).toBe(0);
  return lines.map((line) => JSON.parse(line));
}

test("a request whose params is not an object is answered -32602, and the next one still is", async () => {
  const answers = await answersTo([
    { jsonrpc: "2.0", id: 1, method: "tools/list", params: 5 },
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: ["get_events"] },
    { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} },
  ]);
  expect(answers.slice(0, 2)).toEqual([
    { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "params of tools/list must be an object" } },
    { jsonrpc: "2.0", id: 2, error: { code: -32602, message: "params of tools/call must be an object" } },
  ]);
  expect(answers[2]).toMatchObject({ id: 3, result: { tools: expect.any(Array) } });
});

test("wrong types inside params are -32602 (invalid params), not -32603", async () => {
  const [answer] = await answersTo([{ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: 5 } }]);
  expect(answer?.id).toBe(7);
  expect(answer?.error?.code).toBe(-32602);
  expect(answer?.error?.message).toMatch(/^params of tools\/call: name: /);
});

test("a request split mid-character across chunks reaches the server whole", async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const { io, stderr } = captureIo();
  const exit = createMcpCommand(() => ({ input, output })).run(["tools/request-tools.yaml"], io);
  const lines: string[] = [];
  output.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  await expect.poll(() => stderr()).toContain("over stdio");
  const request = Buffer.from(
    `${JSON.stringify({ jsonrpc: "2.0", id: "é-1", method: "tools/list", params: {} })}\n`,
  );
  const middleOfE = request.indexOf(0xc3) + 1;
  input.write(request.subarray(0, middleOfE));
  input.write(request.subarray(middleOfE));
  await expect.poll(() => lines.length).toBe(1);
  input.end();
  expect(await exit).toBe(0);
  expect(JSON.parse(lines[0] ?? "")).toMatchObject({ id: "é-1", result: { tools: expect.any(Array) } });
});
