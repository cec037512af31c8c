import { type FetchHandler, type RunningServer, serve } from "../emulator/serve.js";
import type { SpecEmulator } from "../emulator/spec/spec-emulator.js";
import { toLineText } from "../text/safe-text.js";
import type { CliIo } from "./cli-io.js";

export interface SpecServeOptions {
  port: number;
  host: string;
  /** Wraps the emulator's handler (CORS, `--log`). */
  wrap?: (handler: FetchHandler) => FetchHandler;
}

/** Serves a spec emulator on its port, under the spec's first server's base path, and says where. */
export async function serveSpec(
  emulator: SpecEmulator,
  options: SpecServeOptions,
  io: CliIo,
): Promise<RunningServer> {
  const handler = options.wrap ? options.wrap(emulator.fetch) : emulator.fetch;
  const server = await serve(handler, { port: options.port, host: options.host });
  const base = `${server.url}${emulator.server.basePath}`;
  const resources = emulator.explain().filter((line) => !line.includes("→ answer from")).length;
  io.stdout(
    `${toLineText(
      `${emulator.index.title} emulated on ${base} (${emulator.index.operations.length} operations, ${resources} on stored resources; --explain lists them)`,
    )}\n`,
  );
  return server;
}
