import { mkdirSync } from "node:fs";
import { basename, extname, join, relative } from "node:path";
import { dump } from "js-yaml";
import type { z } from "zod";
import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { inferSpec } from "../../infer/infer-spec.js";
import { loadSpec } from "../../openapi/load-spec.js";
import { matchOperation } from "../../openapi/match-operation.js";
import {
  createOperationIndex,
  type IndexedOperation,
  type OperationIndex,
} from "../../openapi/operation-index.js";
import { refuseOverwrite } from "../../project-files/refuse-overwrite.js";
import { writeFileAtomically } from "../../project-files/write-file-atomically.js";
import type { Exchange } from "../../traffic/exchange.js";
import { readJsonBody } from "../../traffic/json-body.js";
import { TRAFFIC_FILE_SUFFIX, writeTrafficFile } from "../../traffic/traffic-file.js";
import type { ScenarioSchema } from "../scenario-schema.js";
import { type CredentialHeader, credentialHeaders, toolForOperation } from "./tool-for-operation.js";

/** What `importTraffic` wrote, and what it left out. */
export interface ImportedTraffic {
  scenario: string;
  tools: string;
  traffic: string;
  /** Tool calls the scenario makes, one per exchange kept. */
  calls: number;
  /** Exchanges left out, by reason. */
  skipped: Map<string, number>;
}

/** A scenario file as written: defaults left out. */
type ScenarioInput = z.input<typeof ScenarioSchema>;

/** A scripted call: the tool, and the arguments that make the recorded request. */
interface ImportedCall {
  tool: string;
  args: { queryParams?: Record<string, string>; body?: unknown };
  status: number;
}

/**
 * Turns recorded exchanges (a HAR capture's) into a scenario skeleton that replays them (docs/traffic.md):
 * per host, a description is inferred (`inferSpec`, every call kept) and a request tool made for each
 * operation (`<out>/traffic/<name>.tools.json`); the exchanges are kept, masked, as the traffic the
 * scenario's emulator answers from (`<out>/traffic/<name>.traffic.json`); the scenario (`<out>/<name>.yaml`)
 * scripts one call per exchange, in order, and expects each call's tool and status. Its message and
 * answer are placeholders to write. Files are written atomically, and none when one of them exists,
 * unless `force`; the cassette is recorded by running the scenario (the caller does, `runScenario`).
 */
export async function importTraffic(
  exchanges: readonly Exchange[],
  options: { out: string; name: string; source: string; force?: boolean },
): Promise<ImportedTraffic> {
  const skipped = new Map<string, number>();
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  const kept = exchanges.filter((exchange) => {
    const reason = whyNotImported(exchange);
    if (reason) skip(reason);
    return reason === undefined;
  });
  const { tools, calls } = await toolsAndCalls(kept, options.source, skip);
  const credentials = credentialHeaders(kept.map((exchange) => exchange.request));
  const files = {
    scenario: join(options.out, `${options.name}.yaml`),
    tools: join(options.out, "traffic", `${options.name}.tools.json`),
    traffic: join(options.out, "traffic", `${options.name}${TRAFFIC_FILE_SUFFIX}`),
  };
  refuseOverwrite(Object.values(files), { force: options.force === true });
  mkdirSync(join(options.out, "traffic"), { recursive: true });
  writeFileAtomically(files.tools, `${JSON.stringify(tools, null, 2)}\n`);
  writeTrafficFile(files.traffic, { version: 1, kind: "traffic", source: options.source, exchanges: kept });
  writeFileAtomically(files.scenario, scenarioText(options, files, calls, credentials));
  return { ...files, calls: calls.length, skipped };
}

/** The name a scenario gets from its capture: `capture.har` → `capture`. */
export function scenarioNameOf(file: string): string {
  return basename(file, extname(file)).replace(/[^A-Za-z0-9_-]+/g, "-") || "imported";
}

const TOOL_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

function whyNotImported({ request }: Exchange): string | undefined {
  if (!TOOL_METHODS.has(request.method.toUpperCase()))
    return `a ${request.method} call (request tools make none)`;
  if (request.body !== undefined && !readJsonBody(request.body).json)
    return "a request body that is not JSON";
  return undefined;
}

/** One tool per operation of each host, and the call that makes each exchange. */
async function toolsAndCalls(exchanges: readonly Exchange[], source: string, skip: (reason: string) => void) {
  const tools: RequestToolConfig[] = [];
  const names = new Set<string>();
  const byOperation = new Map<IndexedOperation, string>();
  const indexes = [];
  for (const origin of new Set(exchanges.map(({ request }) => new URL(request.url).origin))) {
    const inferred = inferSpec(exchanges, { origin, everyCall: true });
    if (!inferred) continue;
    const index = createOperationIndex(await loadSpec(inferred.document, { label: origin }));
    const server = String((inferred.document.servers as { url: string }[])[0]?.url);
    const own = exchanges.filter(({ request }) => new URL(request.url).origin === origin);
    for (const operation of index.operations) {
      const name = unique(snakeCase(operation.operationId ?? `${operation.method}_${operation.path}`), names);
      const credentials: CredentialHeader[] = credentialHeaders(
        own.filter(({ request }) => reaches(index, request, operation)).map(({ request }) => request),
      );
      const tool = toolForOperation(operation, { name, server, source, credentials });
      if (!tool) continue;
      tools.push(tool);
      byOperation.set(operation, name);
    }
    indexes.push(index);
  }
  const calls: ImportedCall[] = [];
  for (const { request, response } of exchanges) {
    const match = indexes
      .map((index) => matchOperation(index, request.method, request.url))
      .find((found) => found.ok);
    const tool = match?.ok ? byOperation.get(match.operation) : undefined;
    if (!match?.ok || tool === undefined) {
      skip("a call no tool could be made for");
      continue;
    }
    calls.push({ tool, args: argsOf(request, match.params), status: response.status });
  }
  return { tools, calls };
}

function reaches(index: OperationIndex, request: Exchange["request"], operation: IndexedOperation): boolean {
  const match = matchOperation(index, request.method, request.url);
  return match.ok && match.operation === operation;
}

/** The arguments that make a recorded request: its path and query values, and its JSON body. */
function argsOf(request: Exchange["request"], pathValues: Record<string, string>): ImportedCall["args"] {
  const queryParams: Record<string, string> = { ...pathValues };
  for (const [name, value] of new URL(request.url).searchParams) queryParams[name] = value;
  const body = readJsonBody(request.body);
  return {
    ...(Object.keys(queryParams).length > 0 ? { queryParams } : {}),
    ...(body.json ? { body: body.value } : {}),
  };
}

function scenarioText(
  options: { name: string; source: string },
  files: { scenario: string; tools: string; traffic: string },
  calls: readonly ImportedCall[],
  credentials: readonly CredentialHeader[],
): string {
  const from = (file: string) => relative(join(files.scenario, ".."), file);
  const scenario = {
    name: options.name,
    description: `Imported from ${options.source} by tooldeck import har: ${calls.length} recorded calls, replayed against the recorded answers. The message and the answer are placeholders: write what the user asked and what the agent answered, then run tooldeck run --update.`,
    tools: [from(files.tools)],
    // A placeholder to replace, not "[redacted]": a secret variable's value is masked wherever a cassette
    // holds it, and masked fields of the recorded bodies hold "[redacted]" too.
    ...(credentials.length > 0
      ? { vars: Object.fromEntries(credentials.map(({ variable }) => [variable, `(set ${variable})`])) }
      : {}),
    messages: `(imported from ${options.source}: what the user asked)`,
    model: {
      scripted: [
        ...calls.map((call) => ({ calls: [{ tool: call.tool, args: call.args }] })),
        { answer: `(imported from ${options.source}: what the agent answered)` },
      ],
    },
    emulator: { traffic: from(files.traffic) },
    expect: { calls: calls.map((call) => ({ tool: call.tool, status: call.status })) },
  } satisfies ScenarioInput;
  const header = `# Imported from ${options.source} by tooldeck import har (docs/traffic.md).\n`;
  return header + dump(scenario, { noRefs: true, lineWidth: 120 });
}

/** `getEventsByEventId` → `get_events_by_event_id`, within the 64 characters a tool name may have. */
function snakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase()
    .slice(0, 60);
}

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}_${n}`;
  taken.add(candidate);
  return candidate;
}
