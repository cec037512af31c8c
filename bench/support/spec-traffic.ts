// Traffic nobody hand-wrote: requests generated from an OpenAPI description (every path parameter, the
// required query parameters and about half of the optional ones, a JSON body where the operation takes
// one), sent to the spec emulator of that description, and recorded as exchanges.
import { generateValue, seedOf } from "../../src/emulator/spec/generate-value.js";
import { seededRandom } from "../../src/emulator/spec/seeded-random.js";
import { createSpecEmulator } from "../../src/emulator/spec/spec-emulator.js";
import type { OpenApiSpec } from "../../src/openapi/load-spec.js";
import { jsonMedia } from "../../src/openapi/media-types.js";
import type { ParameterObject } from "../../src/openapi/openapi-document.js";
import type { IndexedOperation } from "../../src/openapi/operation-index.js";
import type { Exchange } from "../../src/traffic/exchange.js";

/**
 * A generated parameter value as text. A path value is at least four characters (json-schema-faker's
 * strings are often one or two letters, which real identifiers are not: `A` would stand for a user, a
 * gist and a team at once) and never holds `/`, `?` or `#`.
 */
function parameterText(parameter: ParameterObject, seed: number): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    // Each parameter its own values: owner and repo of one request differ, as they do in real traffic.
    const value = generateValue(
      parameter.schema ?? { type: "string" },
      "request",
      seedOf(parameter.name) + seed * 31 + attempt,
    );
    const text = Array.isArray(value) ? value.join(",") : String(value ?? "");
    if (parameter.in !== "path" ? text !== "" : text.length >= 4 && !/[/?#]/.test(text)) return text;
  }
  return `value${seed}`;
}

function requestFor(base: string, operation: IndexedOperation, seed: number, random: () => number): Request {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === "path")
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(parameterText(parameter, seed)));
    else if (parameter.in === "query" && (parameter.required || random() < 0.5))
      query.set(parameter.name, parameterText(parameter, seed));
  }
  const headers = new Headers({ accept: "application/json" });
  const init: RequestInit = { method: operation.method, headers };
  const body = jsonMedia(operation.requestBody?.content);
  if (body && operation.method !== "GET" && operation.method !== "HEAD") {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(generateValue(body.schema, "request", seed) ?? null);
  }
  return new Request(`${base}${path}${query.size > 0 ? `?${query}` : ""}`, init);
}

async function record(request: Request, response: Response): Promise<Exchange> {
  const body = request.body ? await request.clone().text() : undefined;
  return {
    request: {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      ...(body !== undefined ? { body } : {}),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
    },
  };
}

/**
 * `perOperation` exchanges for every operation of the description, in rounds (each round asks every
 * operation once, in a shuffled order, as a client mixes its calls), from a stateful emulator filled
 * with one item per collection.
 */
export async function specTraffic(spec: OpenApiSpec, perOperation: number): Promise<Exchange[]> {
  const emulator = createSpecEmulator(spec, { fillEmpty: true });
  const base = `${emulator.server.origin ?? "https://api.example.test"}${emulator.server.basePath}`;
  const random = seededRandom(7);
  const exchanges: Exchange[] = [];
  const operations = emulator.index.operations.filter((operation) => operation.method !== "HEAD");
  for (let round = 0; round < perOperation; round++) {
    const order = shuffled(operations, random);
    for (const [i, operation] of order.entries()) {
      const request = requestFor(base, operation, round * 10_007 + i + 1, random);
      const response = await answer(emulator, request);
      if (response) exchanges.push(await record(request.clone(), response));
    }
  }
  return exchanges;
}

/**
 * The emulator's answer, or undefined where it throws (it does on a DELETE of a stored item whose
 * description declares no success status, such as the Petstore's `DELETE /pet/1`: a 204 built with a
 * body). Such a request is left out of the traffic, and the bench names it.
 */
async function answer(
  emulator: ReturnType<typeof createSpecEmulator>,
  request: Request,
): Promise<Response | undefined> {
  try {
    return await emulator.fetch(request.clone());
  } catch (error) {
    failures.add(`${request.method} ${new URL(request.url).pathname}: ${(error as Error).message}`);
    return undefined;
  }
}

/** What the emulator threw on, once each, for the bench to print. */
export const failures = new Set<string>();

/** Fisher–Yates, from the seeded random. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
