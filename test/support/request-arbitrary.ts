import fc from "fast-check";
import type { IndexedOperation, OperationIndex } from "../../src/openapi/operation-index.js";
import { schemaArbitrary } from "./schema-arbitrary.js";

/** A service under fuzzing: its description, where it answers, and what requests carry. */
export interface Target {
  index: OperationIndex;
  origin: string;
  fetch: (request: Request) => Promise<Response>;
  headers: Record<string, string>;
  /** Ids the service knows, so generated requests also reach existing things. */
  ids: string[];
}

/** One generated request for an operation: path params (known ids or anything), query, JSON body. */
export function requestArbitrary(operation: IndexedOperation, target: Target) {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === "path");
  const query = operation.parameters.filter((parameter) => parameter.in === "query");
  const idOrAnything = (schema: unknown) =>
    fc.oneof(fc.constantFrom(...target.ids), schemaArbitrary(schema).map(String));
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  return fc
    .record({
      path: fc.tuple(...pathParams.map((parameter) => idOrAnything(parameter.schema))),
      query: fc.tuple(...query.map((parameter) => fc.option(schemaArbitrary(parameter.schema).map(String)))),
      body: body === undefined ? fc.constant(undefined) : schemaArbitrary(body),
    })
    .map(({ path, query: values, body: json }) => {
      let url = `${target.origin}${operation.path}`;
      pathParams.forEach((parameter, i) => {
        url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(path[i])));
      });
      const search = new URLSearchParams();
      query.forEach((parameter, i) => {
        const value = values[i];
        if (value !== null && value !== undefined) search.set(parameter.name, value);
      });
      const full = search.size > 0 ? `${url}?${search}` : url;
      const init: RequestInit = { method: operation.method, headers: { ...target.headers } };
      if (json !== undefined) {
        init.body = JSON.stringify(json) ?? "null";
        (init.headers as Record<string, string>)["content-type"] = "application/json";
      }
      return new Request(full, init);
    });
}
