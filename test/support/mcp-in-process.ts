import { PassThrough } from "node:stream";
import { expect } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { createMcpCommand } from "../../src/cli/commands/mcp.js";

/** What a `tools/call` answers: the output as text content, the exchange as structured content. */
export interface McpCallResult {
  isError?: boolean;
  content: { text: string }[];
  structuredContent?: unknown;
}

/**
 * Runs `tooldeck mcp <args>` on in-process stdio, makes each call (ids 1, 2, …), waits for every
 * answer, then closes stdin: the command's exit code and the results in call order.
 */
export async function callMcpInProcess(
  args: string[],
  io: CliIo,
  calls: readonly { name: string; arguments: unknown }[],
): Promise<{ exit: number; results: McpCallResult[] }> {
  const input = new PassThrough();
  const output = new PassThrough();
  const exit = createMcpCommand(() => ({ input, output })).run(args, io);
  const answers: { id: number; result: McpCallResult }[] = [];
  output.on("data", (chunk: Buffer) =>
    answers.push(
      ...chunk
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    ),
  );
  for (const [index, params] of calls.entries())
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: index + 1, method: "tools/call", params })}\n`);
  await expect.poll(() => answers.length).toBe(calls.length);
  input.end();
  const results = [...answers].sort((a, b) => a.id - b.id).map((answer) => answer.result);
  return { exit: await exit, results };
}
