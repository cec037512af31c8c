import { describe, expect, test } from "vitest";
import { OpenApiToolkitConfigSchema } from "../../src/config/openapi-toolkit-config.js";
import { formatZodIssue } from "../../src/json/format-zod-issue.js";

const base = { kind: "openapi-toolkit", spec: "event-api.openapi.yaml" } as const;

describe("OpenApiToolkitConfigSchema", () => {
  test("fills Flowise's defaults", () => {
    expect(OpenApiToolkitConfigSchema.parse(base)).toEqual({
      ...base,
      returnDirect: false,
      headers: {},
      removeNulls: false,
      selectedEndpoints: [],
    });
  });

  test.each([
    [["listEvents"], ["listEvents"]],
    ['["listEvents", "createEvent"]', ["listEvents", "createEvent"]],
    ["", []],
  ])("selectedEndpoints %j read as %j", (selectedEndpoints, expected) => {
    expect(OpenApiToolkitConfigSchema.parse({ ...base, selectedEndpoints }).selectedEndpoints).toEqual(
      expected,
    );
  });

  test.each([
    [{ Authorization: "Bearer x" }, { Authorization: "Bearer x" }],
    ['{"Authorization": "Bearer x", "X-Retries": 3}', { Authorization: "Bearer x", "X-Retries": "3" }],
    ["", {}],
    [{ "X-Flag": true }, { "X-Flag": "true" }],
  ])("headers %j read as %j", (headers, expected) => {
    expect(OpenApiToolkitConfigSchema.parse({ ...base, headers }).headers).toEqual(expected);
  });

  test.each([
    [{ headers: "{'a': 1}" }, "headers: invalid JSON (Expected property name or '}' in JSON at position 1…"],
    [{ headers: "[1]" }, "headers: expected a JSON object of header names to values"],
    [{ spec: "" }, "spec: Too small: expected string to have >=1 characters"],
    [
      { selectedEndpoints: "listEvents" },
      "selectedEndpoints: expected a list of operationIds (or its JSON text)",
    ],
    [{ selectedEndpoints: [1] }, "selectedEndpoints: expected a list of operationIds (or its JSON text)"],
    [{ returnDirect: "yes" }, "returnDirect: expected boolean, received string"],
  ])("%j is refused: %s", (change, message) => {
    const parsed = OpenApiToolkitConfigSchema.safeParse({ ...base, ...change });
    expect(parsed.success).toBe(false);
    const actual = parsed.error ? formatZodIssue(parsed.error.issues[0] as never) : "";
    // Node's JSON.parse wording varies by version past the position; "…" marks a checked prefix.
    if (message.endsWith("…")) expect(actual.startsWith(message.slice(0, -1))).toBe(true);
    else expect(actual).toBe(message);
  });
});
