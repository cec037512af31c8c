import type { LoadedTool } from "../config/tool-config.js";
import { createSpecEmulator, type SpecEmulator } from "../emulator/spec/spec-emulator.js";
import { loadSpecIndex, loadToolkitSpecs } from "../lint/load-check-inputs.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";

/** The spec emulators `call` and `agent` run against (docs/spec-emulator.md). */
export interface RunSpecs {
  /** Each toolkit's own spec, answering on its server's origin. */
  emulators: SpecEmulator[];
  /** --spec's, answering every host no other emulator takes. */
  everyHost: SpecEmulator | undefined;
}

/**
 * Without --live: a spec emulator for every OpenAPI toolkit's spec and for --spec, each starting with
 * one generated item per top-level collection, so a tool of the user's own API runs offline. With
 * --live, none: requests go to the real hosts (behind the outbound guard).
 */
export async function specEmulatorsForRun(
  tools: readonly LoadedTool[],
  values: { spec?: string | undefined; live?: boolean | undefined },
  read: SpecReadOptions,
): Promise<RunSpecs> {
  if (values.live) return { emulators: [], everyHost: undefined };
  const toolkits = await loadToolkitSpecs(tools, read);
  const emulators = [...toolkits.specs.values()].map((index) =>
    createSpecEmulator(index, { fillEmpty: true }),
  );
  const given = values.spec === undefined ? undefined : await loadSpecIndex(values.spec, read);
  const everyHost = given && createSpecEmulator(given, { fillEmpty: true });
  return { emulators: everyHost ? [...emulators, everyHost] : emulators, everyHost };
}
