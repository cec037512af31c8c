import { describe, expect, test } from "vitest";
import { toolsOfRequest } from "../../../src/providers/emulator/tools-of-request.js";

const schema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };

describe("toolsOfRequest", () => {
  test("OpenAI Chat Completions: tools[i].function, strict kept, other tool types skipped", () => {
    const body = {
      model: "gpt-4o",
      tools: [
        {
          type: "function",
          function: { name: "search", description: "Find", parameters: schema, strict: true },
        },
        { type: "custom", custom: { name: "grammar" } },
        { type: "function", function: { name: "ping" } },
      ],
    };
    expect(toolsOfRequest("openai-chat", body)).toEqual([
      { name: "search", description: "Find", parameters: schema, strict: true, path: "tools[0].function" },
      { name: "ping", path: "tools[2].function" },
    ]);
  });

  test("OpenAI Responses: flat tools[i] of type function, built-in tools skipped", () => {
    const body = {
      tools: [
        { type: "web_search_preview" },
        { type: "function", name: "search", parameters: schema, strict: false },
      ],
    };
    expect(toolsOfRequest("openai-responses", body)).toEqual([
      { name: "search", parameters: schema, strict: false, path: "tools[1]" },
    ]);
  });

  test("Anthropic Messages: tools.N.custom with input_schema; Anthropic's own tools skipped", () => {
    const body = {
      tools: [
        { name: "search", description: "Find", input_schema: schema },
        { type: "web_search_20250305", name: "web_search" },
        { type: "custom", name: "ping", input_schema: { type: "object" }, strict: true },
      ],
    };
    expect(toolsOfRequest("anthropic-messages", body)).toEqual([
      { name: "search", description: "Find", parameters: schema, path: "tools.0.custom" },
      { name: "ping", parameters: { type: "object" }, strict: true, path: "tools.2.custom" },
    ]);
  });

  test("Gemini: every tools[j].functionDeclarations[i], named in snake_case; parametersJsonSchema too", () => {
    const body = {
      tools: [
        {
          functionDeclarations: [
            { name: "a", parameters: schema },
            { name: "b", parametersJsonSchema: schema },
          ],
        },
        { googleSearch: {} },
        { function_declarations: [{ name: "c", description: "C" }] },
      ],
    };
    expect(toolsOfRequest("gemini-generate-content", body)).toEqual([
      { name: "a", parameters: schema, path: "tools[0].function_declarations[0]" },
      { name: "b", parameters: schema, path: "tools[0].function_declarations[1]" },
      { name: "c", description: "C", path: "tools[2].function_declarations[0]" },
    ]);
  });

  test("Bedrock Converse: toolConfig.tools.N.toolSpec with inputSchema.json", () => {
    const body = {
      toolConfig: {
        tools: [
          { toolSpec: { name: "search", description: "Find", inputSchema: { json: schema } } },
          { cachePoint: {} },
        ],
      },
    };
    expect(toolsOfRequest("bedrock-converse", body)).toEqual([
      { name: "search", description: "Find", parameters: schema, path: "toolConfig.tools.0.toolSpec" },
    ]);
  });

  test.each([
    ["no body", undefined],
    ["an array body", [1]],
    ["tools not an array", { tools: "search" }],
    ["tools of non-objects", { tools: [null, 3, "x"] }],
  ])("%s has no tools", (_, body) => {
    for (const api of [
      "openai-chat",
      "openai-responses",
      "anthropic-messages",
      "gemini-generate-content",
    ] as const)
      expect(toolsOfRequest(api, body)).toEqual([]);
    expect(toolsOfRequest("bedrock-converse", { toolConfig: body })).toEqual([]);
  });

  test("a name that is not a string is kept as its JSON text, for the judge to refuse", () => {
    const body = {
      tools: [
        { type: "function", function: { name: 42 } },
        { type: "function", function: {} },
      ],
    };
    expect(toolsOfRequest("openai-chat", body).map((tool) => tool.name)).toEqual(["42", '""']);
  });
});
