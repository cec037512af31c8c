import { describe, expect, test } from "vitest";
import {
  legacyPlan,
  legacySchema,
  legacyV1Description,
} from "../../../../src/platforms/n8n/schema/legacy-parameters.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const definitions = (...values: Record<string, string>[]) => ({ values });

function schemaOf(parameters: Record<string, unknown>, typeVersion = 1.1) {
  return legacySchema(legacyPlan(parameters).parameters, typeVersion);
}

describe("the legacy toolHttpRequest node's schema (reference section 7)", () => {
  test("URL placeholders, typed by their definitions (facts 43, 44)", () => {
    const schema = schemaOf({
      url: "https://api.example.com/items/{id}/{kind}",
      placeholderDefinitions: definitions(
        { name: "id", description: "Item id", type: "number" },
        { name: "kind", type: "not specified" },
      ),
    });
    expect(schema).toEqual({
      type: "object",
      properties: { id: { type: "number", description: "Item id" }, kind: { type: "string" } },
      required: ["id", "kind"],
      additionalProperties: false,
      $schema: DRAFT_07,
    });
  });

  test("By Model rows and placeholders in fixed rows; optional rows not required (facts 43, 45)", () => {
    const plan = legacyPlan({
      url: "https://api.example.com/search",
      sendQuery: true,
      parametersQuery: {
        values: [
          { name: "fixed", valueProvider: "fieldValue", value: "always" },
          { name: "sort", valueProvider: "fieldValue", value: "by-{order}" },
          { name: "q", valueProvider: "modelRequired" },
          { name: "limit", valueProvider: "modelOptional" },
        ],
      },
      sendHeaders: true,
      parametersHeaders: { values: [{ name: "X-Trace" }] },
    });
    expect(legacySchema(plan.parameters, 1.1)).toMatchObject({
      properties: {
        order: { type: "string" },
        q: { type: "string" },
        limit: { type: "string" },
        "X-Trace": { type: "string" },
      },
      required: ["order", "q", "X-Trace"],
    });
    expect(plan.parts[0]?.fixed).toEqual([
      ["fixed", "always"],
      ["sort", "by-{order}"],
    ]);
  });

  test("a json definition is an open object (fact 44); placeholders in JSON texts (fact 43)", () => {
    expect(
      schemaOf({
        url: "https://api.example.com/items",
        sendBody: true,
        specifyBody: "json",
        jsonBody: '{"label": {label}, "meta": {meta}}',
        placeholderDefinitions: definitions({ name: "meta", type: "json" }),
      }).properties,
    ).toEqual({ label: { type: "string" }, meta: { type: "object", additionalProperties: {} } });
  });

  test("Let Model Specify Entire Body: one required body object (fact 46)", () => {
    expect(
      schemaOf({ url: "https://api.example.com/items", sendBody: true, specifyBody: "model" }),
    ).toMatchObject({
      properties: {
        body: {
          type: "object",
          additionalProperties: {},
          description: "Body parameters for request as key value pairs",
        },
      },
      required: ["body"],
    });
  });

  test("definition names may be written with braces", () => {
    expect(legacyPlan({ placeholderDefinitions: definitions({ name: "{id}" }) }).definitions).toEqual([
      { name: "id" },
    ]);
  });

  test("v1: one optional input string, the values listed in the description (fact 57)", () => {
    const plan = legacyPlan({
      url: "https://api.example.com/items/{id}",
      sendQuery: true,
      parametersQuery: { values: [{ name: "q", valueProvider: "modelOptional" }] },
      placeholderDefinitions: definitions(
        { name: "id", description: "Item id" },
        { name: "q", description: "Query" },
      ),
    });
    expect(legacySchema(plan.parameters, 1)).toEqual({
      type: "object",
      properties: { input: { type: "string" } },
      additionalProperties: false,
      $schema: DRAFT_07,
    });
    expect(legacyV1Description("Call the test API", plan.parameters)).toBe(
      "Call the test API\n\tTool expects valid stringified JSON object with 2 properties.\n\tProperty names with description, type and required status:\n\tid: (description: Item id, type: string, required: true),\n q: (description: Query, type: string, required: false)\n\tALL parameters marked as required must be provided",
    );
  });

  test("hostile rows (not objects, missing names) are skipped, never thrown on", () => {
    expect(() =>
      legacyPlan({ sendQuery: true, parametersQuery: { values: [null, 3, "x", { value: 1 }] } }),
    ).not.toThrow();
  });
});
