import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createSchemaValidator } from "../../../src/emulator/spec/schema-validator.js";
import { documented } from "../../../src/emulator/spec/spec-answers.js";
import { createSpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { inferResources, type Resource } from "../../../src/openapi/infer-resources.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { matchOperation } from "../../../src/openapi/match-operation.js";
import { jsonMedia } from "../../../src/openapi/media-types.js";
import { packagePath } from "../../../src/package/package-root.js";
import { oasExample } from "../../support/real-specs.js";
import { requestArbitrary, type Target } from "../../support/request-arbitrary.js";

/** Sequences per spec and requests per sequence; a fixed seed, so a failure replays the same way. */
const RUNS = 60;
const MAX_REQUESTS = 12;

const SPECS: [name: string, path: string][] = [
  ["the event API", packagePath("tools", "event-api.openapi.yaml")],
  ["the Petstore", oasExample("3.0/json/petstore.json")],
];

/**
 * Sends generated sequences of requests (mostly on the schema, sometimes anything) and checks each
 * answer: no 5xx; a declared status with a body on its schema, or RFC 9457 problem details; and the
 * state: an item a create answered with can be read back, until a delete of it succeeds.
 */
describe.each(SPECS)("the spec emulator of %s under generated requests", (_name, path) => {
  test("never a 5xx, every answer on the description, created items readable until deleted", async () => {
    const spec = await loadSpec(path);
    const emulator = createSpecEmulator(spec);
    const checkerFor = createSchemaValidator(spec.version);
    const model = inferResources(emulator.index);
    const origin = `${emulator.server.origin}${emulator.server.basePath}`;
    const target: Target = {
      index: emulator.index,
      origin,
      fetch: emulator.fetch,
      headers: {},
      ids: ["1", "2"],
    };
    const requests = fc
      .constantFrom(...emulator.index.operations)
      .chain((op) => requestArbitrary(op, target));

    const problemWith = async (request: Request, response: Response): Promise<string | undefined> => {
      const where = `${request.method} ${request.url} → ${response.status}`;
      if (response.status >= 500) return `${where}: a 5xx`;
      const match = matchOperation(emulator.index, request.method, request.url);
      if (!match.ok) return undefined;
      const declared = documented(match.operation, response.status);
      const text = await response.clone().text();
      if (!declared) {
        // An operation that declares no success (the Petstore's POST /pet lists only 405) still answers one.
        const noSuccessDeclared = !Object.keys(match.operation.responses).some((s) => /^2/.test(s));
        if (noSuccessDeclared && response.status < 300) return undefined;
        const type = response.headers.get("content-type");
        return type === "application/problem+json"
          ? undefined
          : `${where}: undeclared, and not problem details`;
      }
      const schema = jsonMedia(declared.content)?.schema;
      if (!schema || text === "" || response.headers.get("content-type") === "application/problem+json")
        return;
      const problem = checkerFor(schema, "response")(JSON.parse(text));
      return problem ? `${where}: ${problem}` : undefined;
    };

    /**
     * Whether the item path's own parameter schema lets the id through: the Petstore's orders take
     * `id: 0` in a body, but GET /store/order/{orderId} asks for 1 to 10.
     */
    const addressable = (resource: Resource, id: unknown) => {
      const read = emulator.index.operations.find(
        (op) => op.path === resource.itemPath && op.method === "GET",
      );
      const schema = read?.parameters.find((p) => p.in === "path" && p.name === resource.idParam)?.schema;
      return !schema || checkerFor(schema, "request")(id) === undefined;
    };

    /** After a create or delete that succeeded, what GET of the item must answer. */
    const readBack = async (request: Request, response: Response): Promise<string | undefined> => {
      const match = matchOperation(emulator.index, request.method, request.url);
      const role = match.ok ? model.roles.get(match.operation) : undefined;
      if (!match.ok || !role || role.action === "answer" || response.status >= 300) return undefined;
      const { resource } = role;
      if (role.action !== "create" && role.action !== "delete") return undefined;
      // A create whose declared answer has no body (the Petstore's POST /user) does not say its id.
      const text = role.action === "create" ? await response.clone().text() : "";
      const body = (text === "" ? {} : JSON.parse(text)) as Record<string, unknown>;
      const id = role.action === "create" ? body[resource.idField ?? ""] : match.params[resource.idParam];
      if (id === undefined || !addressable(resource, id)) return undefined;
      const item = `${origin}${resource.itemPath.replace(`{${resource.idParam}}`, encodeURIComponent(String(id)))}`;
      const read = await emulator.fetch(new Request(item));
      const expected = role.action === "create" ? 200 : 404;
      return read.status === expected
        ? undefined
        : `${request.method} ${request.url}: then GET ${item} → ${read.status}`;
    };

    await fc.assert(
      fc.asyncProperty(fc.array(requests, { minLength: 1, maxLength: MAX_REQUESTS }), async (sequence) => {
        emulator.reset();
        for (const request of sequence) {
          const response = await emulator.fetch(request.clone());
          expect(await problemWith(request, response)).toBeUndefined();
          expect(await readBack(request, response)).toBeUndefined();
        }
      }),
      { numRuns: RUNS, seed: 20261123 },
    );
  }, 60_000);
});
