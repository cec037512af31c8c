import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { createFlowiseEmulator } from "../../src/emulator/flowise/flowise-emulator.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { matchOperation } from "../../src/openapi/match-operation.js";
import { createOperationIndex } from "../../src/openapi/operation-index.js";
import { packagePath } from "../../src/package/package-root.js";
import { requestArbitrary, type Target } from "../support/request-arbitrary.js";

/** Requests per operation; fixed seed, so a failure replays the same way. */
const RUNS = 40;
const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true }));

/** What is wrong with an answer, judged by the operation its URL really reaches; undefined when nothing. */
async function judge(target: Target, request: Request, response: Response): Promise<string | undefined> {
  const match = matchOperation(target.index, request.method, request.url);
  const where = `${request.method} ${request.url} → ${response.status}`;
  if (!match.ok) return response.status >= 500 ? `${where}: a 5xx on an undescribed route` : undefined;
  const documented = match.operation.responses[String(response.status)] ?? match.operation.responses.default;
  if (!documented) return `${where}: status not in the description of ${match.operation.operationId}`;
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema) return undefined;
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `${where}: the answer is not JSON: ${text.slice(0, 80)}`;
  }
  if (ajv.validate(schema as object, value)) return undefined;
  return `${where}: off the description: ${ajv.errorsText(ajv.errors)} in ${text.slice(0, 120)}`;
}

async function fuzz(target: Target, reset: () => void) {
  for (const operation of target.index.operations) {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(operation, target), async (request) => {
        reset();
        const problem = await judge(target, request.clone(), await target.fetch(request));
        expect(problem).toBeUndefined();
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
  }
}

describe("the emulators answer within their own descriptions (property-based, in-process)", () => {
  test("the event service", async () => {
    const service = createEventService();
    const index = createOperationIndex(await loadSpec(packagePath("tools", "event-api.openapi.yaml")));
    const target = {
      index,
      origin: "http://localhost:5566",
      fetch: service.fetch,
      headers: {},
      ids: ["1", "2", "5"],
    };
    await fuzz(target, () => service.reset());
  });

  test("the Flowise API", async () => {
    const flowise = createFlowiseEmulator({ apiKeys: ["fuzz-key"] });
    await flowise.ready();
    const index = createOperationIndex(
      await loadSpec(packagePath("src", "emulator", "flowise", "openapi.yaml")),
    );
    const snapshot = flowise.snapshot();
    const ids = [
      ...snapshot.chatflows.map((flow) => flow.id),
      ...snapshot.documentStores.flatMap(({ store, chunks }) => [
        store.id,
        ...store.loaders.map((loader) => loader.id),
        ...chunks.slice(0, 2).map((chunk) => chunk.id),
      ]),
    ];
    const target = {
      index,
      origin: "http://localhost:3000/api/v1",
      fetch: flowise.fetch,
      headers: { authorization: "Bearer fuzz-key" },
      ids,
    };
    await fuzz(target, () => {});
  }, 60_000);
});
