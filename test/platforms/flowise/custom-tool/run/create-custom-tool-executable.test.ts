import { describe, expect, test } from "vitest";
import { createCustomToolExecutable } from "../../../../../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import { createCaptureService } from "./custom-tool-harness.js";

const ROW = {
  name: "Get Weather (1)",
  description: "",
  schema: [
    { property: "city", type: "string", description: "the city", required: true },
    { property: "when", type: "date" },
    { property: "tags", type: "array" },
  ],
  func: "return 'ran ' + $city",
};

describe("createCustomToolExecutable", () => {
  test("without allowCode the call says the code did not run, and nothing is sent", async () => {
    const capture = createCaptureService();
    const tool = createCustomToolExecutable(
      { ...ROW, func: "await require('node-fetch')('http://api.test/x'); return 'ran'" },
      { profile: "flowise", fetch: capture.fetch },
    );
    const message =
      "custom tool Get Weather (1): its code was not run (it runs only with --allow-code, in a sandbox)";
    expect(await tool.invoke({ city: "Paris" })).toEqual({ ok: false, output: message, error: message });
    expect(capture.seen).toEqual([]);
  });

  test("the model's schema is Flowise's: dropped types gone, date as date-time, the name as stored", () => {
    const tool = createCustomToolExecutable(ROW, { profile: "flowise" });
    expect(tool.name).toBe("Get Weather (1)");
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: {
        city: { type: "string", description: "the city" },
        when: { type: "string", format: "date-time" },
      },
      required: ["city"],
      additionalProperties: false,
      $schema: "http://json-schema.org/draft-07/schema#",
    });
  });

  test("under standard the name is one providers accept, and a date-time string reaches the code", async () => {
    const tool = createCustomToolExecutable(
      { ...ROW, func: "return $city + ' ' + $when" },
      { profile: "standard", allowCode: true },
    );
    expect(tool.name).toBe("Get_Weather__1_");
    expect(await tool.invoke({ city: "Paris", when: "2026-01-01T00:00:00Z" })).toEqual({
      ok: true,
      output: "Paris 2026-01-01T00:00:00Z",
    });
  });

  test("coerceArgs converts as the profile does, without running anything", () => {
    const tool = createCustomToolExecutable(ROW, { profile: "flowise" });
    expect(tool.coerceArgs?.({ city: 5 })).toEqual({ city: "5" });
  });
});
