import { beforeAll, describe, expect, test } from "vitest";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { matchOperation } from "../../src/openapi/match-operation.js";
import { createOperationIndex, type OperationIndex } from "../../src/openapi/operation-index.js";
import { expandedSize } from "../../src/project-files/bounded-expansion.js";
import { BASE_PATH_MATCHES } from "../../test/support/chatflows-under-base-path.js";
import { resolveSpecFile } from "../../test/support/resolve-spec-file.js";
import { FLOWISE_SWAGGER, flowiseSwagger } from "../support/flowise-swagger.js";

test("resolveRefs' expansion count on Flowise's swagger.yml is the count of the resolved graph", () => {
  const { root, size } = resolveSpecFile(FLOWISE_SWAGGER);
  expect(size).toEqual(expandedSize(root));
});

/** The requests test/openapi/match-operation.test.ts matches on a service shaped like Flowise's, matched on Flowise's own. */
describe("matchOperation with Flowise's server base path (/api/v1)", () => {
  let flowise: OperationIndex;
  beforeAll(async () => {
    flowise = createOperationIndex(await loadSpec(flowiseSwagger()));
  });

  test.each(BASE_PATH_MATCHES)("%s %s → %s", (method, url, path, serverMatched) => {
    const match = matchOperation(flowise, method, url);
    expect(match.ok && match.operation.path).toBe(path);
    expect(match.ok && match.serverMatched).toBe(serverMatched);
  });
});
