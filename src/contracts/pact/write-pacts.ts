import { lstatSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ToolDeckError } from "../../errors.js";
import { addToGroup } from "../../json/group-by.js";
import { writeFileAtomically } from "../../project-files/write-file-atomically.js";
import type { ContractCassette } from "../verify/verify-cassettes.js";
import { toPact } from "./to-pact.js";

/** Who the pacts are between: `consumer` for every cassette (else each scenario's name), `provider` (else each call's host). */
export interface PactNames {
  consumer?: string;
  provider?: string;
  version: string;
}

/**
 * Writes one Pact v4 file per consumer and provider (Pact's `<consumer>-<provider>.json`) into `dir`, and
 * returns their paths. A file there that tooldeck did not write is refused unless `force` (a pact a
 * broker gave, or one edited by hand, is not silently replaced); one it wrote is replaced.
 */
export function writePacts(
  cassettes: readonly ContractCassette[],
  dir: string,
  names: PactNames,
  force: boolean,
): string[] {
  const pacts = [...groupByParties(cassettes, names)].map(([, { consumer, provider, entries }]) =>
    toPact(entries, { consumer, provider, version: names.version }),
  );
  const files = pacts.map((pact) =>
    join(dir, `${fileName(pact.consumer.name)}-${fileName(pact.provider.name)}.json`),
  );
  if (!force) for (const file of files) refuseForeignPact(file);
  mkdirSync(dir, { recursive: true });
  for (const [index, pact] of pacts.entries())
    writeFileAtomically(files[index] as string, `${JSON.stringify(pact, null, 2)}\n`);
  return files;
}

/** The cassettes' calls grouped by consumer and provider: a cassette's calls to two hosts go to two pacts. */
function groupByParties(cassettes: readonly ContractCassette[], names: PactNames) {
  const groups = new Map<string, { consumer: string; provider: string; entries: ContractCassette[] }>();
  for (const entry of cassettes) {
    const consumer = names.consumer ?? entry.cassette.scenario;
    const byHost = new Map<string, ContractCassette["cassette"]["calls"]>();
    for (const call of entry.cassette.calls) {
      if (!call.request || !URL.canParse(call.request.url)) continue;
      const host = names.provider ?? new URL(call.request.url).host;
      addToGroup(byHost, host, call);
    }
    for (const [provider, calls] of byHost) {
      const key = `${consumer}\u0000${provider}`;
      const group = groups.get(key) ?? { consumer, provider, entries: [] };
      group.entries.push({ ...entry, cassette: { ...entry.cassette, calls } });
      groups.set(key, group);
    }
  }
  return groups;
}

/** A name as a file name's part: letters, digits, `_`, `-` and `.` kept, every other run one `-`. */
function fileName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^[.-]+/, "") || "unnamed";
}

function refuseForeignPact(file: string): void {
  if (!lstatSync(file, { throwIfNoEntry: false })) return;
  let ours = false;
  try {
    const read = JSON.parse(readFileSync(file, "utf8")) as { metadata?: { tooldeck?: unknown } };
    ours = lstatSync(file).isFile() && read.metadata?.tooldeck !== undefined;
  } catch {
    ours = false;
  }
  if (!ours)
    throw new ToolDeckError(
      "usage",
      `${file} exists and is not a pact tooldeck wrote: give --force to replace it (tooldeck never overwrites a file you may have edited)`,
    );
}
