import { afterEach, expect, test, vi } from "vitest";
import { ZodType } from "zod/v3";
import { loadSpec } from "../../../../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../../../../src/openapi/operation-index.js";
import type { ExecutableTool } from "../../../../../src/runtime/tool-result.js";
import { createToolkit } from "../../../../../src/runtime/toolkit/create-toolkit.js";
import { QUIRKS_SPEC } from "../../../../runtime/toolkit/quirks-spec.js";

afterEach(() => {
  vi.restoreAllMocks();
});

test("building a Flowise toolkit builds no zod schema; a tool's first call builds its own, once", async () => {
  // Flowise describes every string, number, boolean and enum it builds, so this sees zod being built.
  const describe = vi.spyOn(ZodType.prototype, "describe");
  const index = createOperationIndex(await loadSpec(QUIRKS_SPEC));
  const tools = await createToolkit(
    { kind: "openapi-toolkit", spec: "quirks.yaml" },
    { profile: "flowise", spec: index, fetch: async () => Response.json({}) },
  );
  expect(tools.length).toBeGreaterThan(1);
  expect(describe).not.toHaveBeenCalled();

  const getThing = tools.find((tool) => tool.name === "getThing") as ExecutableTool;
  const input = { PathParameters: { id: "7" }, QueryParameters: { exact: true } };
  expect(await getThing.invoke(input)).toMatchObject({ ok: true });
  const built = describe.mock.calls.length;
  expect(built).toBeGreaterThan(0);
  await getThing.invoke(input);
  expect(describe).toHaveBeenCalledTimes(built);
});
