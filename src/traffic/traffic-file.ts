import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { loadJsonFile } from "../json/load-json-file.js";
import type { ReadProjectFileOptions } from "../project-files/read-project-file.js";
import { writeFileAtomically } from "../project-files/write-file-atomically.js";
import { ExchangeSchema } from "./exchange.js";

/** How a traffic file ends: what `tooldeck proxy --record` and `tooldeck import har` write. */
export const TRAFFIC_FILE_SUFFIX = ".traffic.json";

/**
 * Recorded HTTP traffic (JSON, zod-validated): the exchanges one capture saw, masked, in the order they
 * happened. `source` says where they came from (`proxy to http://127.0.0.1:5566`, `capture.har`).
 */
export const TrafficFileSchema = z.object({
  version: z.literal(1),
  kind: z.literal("traffic"),
  source: z.string(),
  exchanges: z.array(ExchangeSchema),
});
export type TrafficFile = z.infer<typeof TrafficFileSchema>;

/** Reads and validates a traffic file; a bad file is one `load` error naming it and the JSON path. */
export function readTrafficFile(path: string, read: ReadProjectFileOptions = {}): TrafficFile {
  return loadJsonFile(path, TrafficFileSchema, read);
}

/** Writes a traffic file as indented JSON, creating its folder; atomically, as cassettes are written. */
export function writeTrafficFile(path: string, traffic: TrafficFile): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomically(path, `${JSON.stringify(traffic, null, 2)}\n`);
}
