import { readConfigFile } from "../config/read-config-file.js";
import { type RunningServer, serve } from "../emulator/serve.js";
import { createSpecEmulator, type SpecEmulator } from "../emulator/spec/spec-emulator.js";
import type { SeedData } from "../emulator/spec/spec-seed.js";
import { ToolDeckError } from "../errors.js";
import { loadSpec } from "../openapi/load-spec.js";
import { toTerminalText } from "../safe-text.js";
import type { CliIo } from "./cli-io.js";

export interface SpecServeOptions {
  port: number;
  host: string;
}

/** The spec emulator for `--spec FILE` (and `--seed FILE`), as `serve` and `--explain` use it. */
export async function specEmulatorFor(spec: string, seed: string | undefined): Promise<SpecEmulator> {
  const loaded = await loadSpec(spec);
  return createSpecEmulator(loaded, {
    ...(seed === undefined ? {} : { seed: readSeed(seed), seedLabel: seed }),
  });
}

/** `--seed FILE`: JSON or YAML `{ "<collection path>": [items] }`. */
function readSeed(path: string): SeedData {
  const content = readConfigFile(path);
  if (!content.ok) throw new ToolDeckError("load", `${path}: ${content.message}`);
  const value = content.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ToolDeckError(
      "load",
      `${path}: expected an object of collection paths, such as { "/pets": [] }`,
    );
  }
  return value as SeedData;
}

/** Serves a spec emulator on its port, under the spec's first server's base path, and says where. */
export async function serveSpec(
  emulator: SpecEmulator,
  options: SpecServeOptions,
  io: CliIo,
): Promise<RunningServer> {
  const server = await serve(emulator.fetch, { port: options.port, host: options.host });
  const base = `${server.url}${emulator.server.basePath}`;
  const resources = emulator.explain().filter((line) => !line.includes("→ answer from")).length;
  io.stdout(
    toTerminalText(
      `${emulator.index.title} emulated on ${base} (${emulator.index.operations.length} operations, ${resources} on stored resources; --explain lists them)\n`,
    ),
  );
  return server;
}
