import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { decodeDataUrl } from "../../src/openapi/data-url.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { packagePath } from "../../src/package/package-root.js";

const yaml = readFileSync(packagePath("tools", "event-api.openapi.yaml"), "utf8");
const flowiseUpload = `data:application/x-yaml;base64,${Buffer.from(yaml).toString("base64")},filename:event-api.yaml`;

describe("specs given as data URLs (Flowise's uploaded OpenAPI files)", () => {
  test("decodes base64 with Flowise's filename suffix, and plain percent-encoded text", () => {
    expect(decodeDataUrl(flowiseUpload)).toEqual({ text: yaml, filename: "event-api.yaml" });
    expect(decodeDataUrl("data:application/json,%7B%22a%22%3A1%7D")).toEqual({
      text: '{"a":1}',
      filename: undefined,
    });
  });

  test("loadSpec reads one, named by its file name", async () => {
    const spec = await loadSpec(flowiseUpload);
    expect(spec.label).toBe("event-api.yaml");
    expect(spec.title).toBe("Event Management API");
  });

  test.each([
    ["not a data URL", "data:nocomma", "<data URL>: not a data URL (data:[type][;base64],content)"],
    ["bad percent-encoding", "data:text/plain,%E0%A4%A", "<data URL>: cannot decode the data URL"],
    [
      "not an OpenAPI document",
      `data:application/json;base64,${Buffer.from("[1]").toString("base64")}`,
      "<data URL>: not an OpenAPI document (expected an object at the top)",
    ],
  ])("%s is one load error", async (_label, url, message) => {
    await expect(loadSpec(url)).rejects.toThrow(message);
  });
});
