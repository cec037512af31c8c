// bench/infer: how much of a real description `tooldeck infer` recovers from traffic nobody hand-wrote.
// Exchanges are generated from the spec emulator of the Petstore and of a slice of GitHub's REST
// description (bench/support/spec-traffic.ts); four in five are inferred from, the fifth is held out.
// Compared with the real description: operations recovered (precision and recall), query parameters
// recovered (precision and recall), held-out answers their inferred response schema validates; and the
// time to infer from 10,000 exchanges.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { inferSpec } from "../src/infer/infer-spec.js";
import { loadSpec, type OpenApiSpec } from "../src/openapi/load-spec.js";
import { matchOperation } from "../src/openapi/match-operation.js";
import { createOperationIndex, type OperationIndex } from "../src/openapi/operation-index.js";
import type { Exchange } from "../src/traffic/exchange.js";
import { GITHUB_SPEC, oasExample } from "../test/support/real-specs.js";
import { failures, specTraffic } from "./support/spec-traffic.js";
import { printTable } from "./support/table.js";

/** The GitHub slice: the paths under these prefixes (issues, pulls, gists, users, teams, …). */
const GITHUB_SLICE = [
  "/gists",
  "/users/{username}",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/labels",
  "/repos/{owner}/{repo}/milestones",
  "/orgs/{org}/teams",
  "/emojis",
  "/meta",
  "/rate_limit",
];

async function githubSlice(): Promise<OpenApiSpec> {
  const document = JSON.parse(readFileSync(GITHUB_SPEC, "utf8")) as { paths: Record<string, unknown> };
  document.paths = Object.fromEntries(
    Object.entries(document.paths).filter(([path]) => GITHUB_SLICE.some((prefix) => path.startsWith(prefix))),
  );
  return loadSpec(document as unknown as Record<string, unknown>, { label: "GitHub slice" });
}

/** `GET /events/{}`: an operation with its parameters' names left out, as inferred names differ. */
function shape(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;
}

function ratio(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`;
}

interface Figures {
  operations: { real: number; inferred: number; recovered: number };
  query: { real: number; inferred: number; recovered: number };
  heldOut: { judged: number; valid: number };
}

function compare(real: OperationIndex, inferred: OperationIndex, heldOut: readonly Exchange[]): Figures {
  const realByShape = new Map(real.operations.map((op) => [shape(op.method, op.path), op]));
  const figures: Figures = {
    operations: { real: realByShape.size, inferred: inferred.operations.length, recovered: 0 },
    query: { real: 0, inferred: 0, recovered: 0 },
    heldOut: { judged: 0, valid: 0 },
  };
  for (const op of inferred.operations) {
    const twin = realByShape.get(shape(op.method, op.path));
    const names = (list: typeof op.parameters) =>
      new Set(list.filter((p) => p.in === "query").map((p) => p.name));
    const found = names(op.parameters);
    figures.query.inferred += found.size;
    if (!twin) continue;
    figures.operations.recovered++;
    const declared = names(twin.parameters);
    figures.query.real += declared.size;
    figures.query.recovered += [...found].filter((name) => declared.has(name)).length;
  }
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const exchange of heldOut) {
    const match = matchOperation(inferred, exchange.request.method, exchange.request.url);
    if (!match.ok || exchange.response.body === "") continue;
    const schema =
      match.operation.responses[String(exchange.response.status)]?.content?.["application/json"]?.schema;
    if (!schema) continue;
    figures.heldOut.judged++;
    if (ajv.validate(schema, JSON.parse(exchange.response.body))) figures.heldOut.valid++;
  }
  return figures;
}

const rows: Record<string, string | number>[] = [];
const timings: Record<string, string | number>[] = [];
for (const [name, load, perOperation] of [
  ["Petstore (@readme/oas-examples)", () => loadSpec(oasExample("3.0/json/petstore.json")), 60],
  ["GitHub slice (@octokit/openapi)", githubSlice, 30],
] as const) {
  const spec = await load();
  const real = createOperationIndex(spec);
  const traffic = await specTraffic(spec, perOperation);
  const heldOut = traffic.filter((_, i) => i % 5 === 4);
  const learned = traffic.filter((_, i) => i % 5 !== 4);
  const started = performance.now();
  const inferred = inferSpec(learned);
  const ms = performance.now() - started;
  if (!inferred) throw new Error(`${name}: nothing inferred`);
  const index = createOperationIndex(await loadSpec(inferred.document, { label: "inferred" }));
  const { operations, query, heldOut: held } = compare(real, index, heldOut);
  rows.push({
    description: name,
    exchanges: `${learned.length} + ${heldOut.length} held out`,
    "operations (real/inferred)": `${operations.real}/${operations.inferred}`,
    "op precision": ratio(operations.recovered, operations.inferred),
    "op recall": ratio(operations.recovered, operations.real),
    "query param precision": ratio(query.recovered, query.inferred),
    "query param recall": ratio(query.recovered, query.real),
    "held-out answers valid": `${ratio(held.valid, held.judged)} of ${held.judged}`,
  });
  timings.push({ description: name, exchanges: learned.length, "infer ms": Math.round(ms) });
}
printTable("tooldeck infer against the real description (traffic from the spec emulator)", rows);

// 10,000 exchanges: the GitHub slice's traffic, repeated with fresh values until there are enough.
const big = await specTraffic(await githubSlice(), 55);
const tenThousand = big.slice(0, 10_000);
const started = performance.now();
inferSpec(tenThousand);
const seconds = (performance.now() - started) / 1000;
timings.push({
  description: "GitHub slice, 10,000 exchanges (target < 5 s)",
  exchanges: tenThousand.length,
  "infer ms": Math.round(seconds * 1000),
});
printTable("Time to infer", timings);
if (failures.size > 0)
  console.log(`\nThe spec emulator threw on (no traffic for these): ${[...failures].join("; ")}`);
if (tenThousand.length < 10_000) console.log(`(only ${tenThousand.length} exchanges were generated)`);
