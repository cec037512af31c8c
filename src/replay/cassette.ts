import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { loadJsonFile } from "../json/load-json-file.js";
import { ProfileSchema } from "../profile.js";
import { writeFileAtomically } from "../project-files/write-file-atomically.js";
import { RecordedRequestSchema, RecordedResponseSchema } from "../traffic/exchange.js";
import { CassetteInputsSchema } from "./cassette-inputs.js";

/** One recorded call: see `CallRecord`. Secrets are already redacted. */
export const CassetteCallSchema = z.object({
  source: z.enum(["agent", "before", "after"]),
  tool: z.string(),
  args: z.unknown(),
  ok: z.boolean(),
  output: z.string(),
  request: RecordedRequestSchema.optional(),
  response: RecordedResponseSchema.optional(),
  stateDigest: z.string(),
});

/** A cassette: the calls of one scenario run under one profile, replayable without the model. */
export const CassetteSchema = z.object({
  version: z.literal(1),
  scenario: z.string(),
  profile: ProfileSchema,
  /** The system prompt as the model got it (`{{current_date_time}}` resolved from the pinned clock). */
  system: z.string().optional(),
  messages: z.array(z.string()),
  /** The provider states the scenario starts from, as `tooldeck verify` sets them up. */
  providerStates: z.array(z.string()).optional(),
  /** Digests of the rest of what produced it (model, expectations, tool configs, vars); see `cassetteInputs`. */
  inputs: CassetteInputsSchema.optional(),
  calls: z.array(CassetteCallSchema),
  answer: z.string(),
  /** Digest of the emulator's end state. */
  stateDigest: z.string(),
});
/** One recorded scenario run under one profile: the messages, every call's exchange, the answer and the end state's digest. */
export type Cassette = z.infer<typeof CassetteSchema>;

/**
 * Reads and validates a cassette; a bad file is one `load` error naming it and the JSON path.
 * @example
 * const cassette = readCassette("scenarios/cassettes/create-event.standard.cassette.json");
 */
export function readCassette(path: string): Cassette {
  return loadJsonFile(path, CassetteSchema);
}

/**
 * Writes a cassette as indented JSON (diffable in review), creating its folder. Atomically: a run killed
 * during `--update` leaves the old cassette or the new one, never a truncated file, and a symlink put in
 * the cassette's place is replaced, not written through.
 * @example
 * writeCassette("scenarios/cassettes/create-event.standard.cassette.json", cassette);
 */
export function writeCassette(path: string, cassette: Cassette): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomically(path, `${JSON.stringify(cassette, null, 2)}\n`);
}
