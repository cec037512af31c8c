import { describe, expect, test } from "vitest";
import { createProviderEmulator } from "../../../src/providers/emulator/create-provider-emulator.js";
import type { EmulatedProvider } from "../../../src/providers/emulator/provider-emulator-options.js";
import type { ProviderViolation } from "../../../src/providers/wire-tool.js";
import { nameJudge } from "./test-judge.js";

function emulator(provider: EmulatedProvider, judge = nameJudge(provider)) {
  return createProviderEmulator(provider, {
    judge,
    requestId: () => "req_test",
    script: [{ answer: "Hi." }],
  });
}

async function post(provider: EmulatedProvider, path: string, body: string, judge = nameJudge(provider)) {
  const response = await emulator(provider, judge).fetch(
    new Request(`http://127.0.0.1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
  );
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text: await response.text(),
  };
}

const badTool = (shape: "chat" | "responses") =>
  shape === "chat"
    ? { type: "function", function: { name: "get events", parameters: { type: "object" } } }
    : { type: "function", name: "get events", parameters: { type: "object" } };

describe("OpenAI's answers, byte for byte", () => {
  test("a refused tool: 400, pretty-printed, param and code, x-request-id", async () => {
    const body = { model: "gpt-4o", messages: [{ role: "user", content: "hi" }], tools: [badTool("chat")] };
    const answer = await post("openai", "/v1/chat/completions", JSON.stringify(body));
    expect(answer.status).toBe(400);
    expect(answer.headers["x-request-id"]).toBe("req_test");
    expect(answer.text).toMatchInlineSnapshot(`
      "{
        "error": {
          "message": "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
          "type": "invalid_request_error",
          "param": "tools[0].function.name",
          "code": "invalid_value"
        }
      }"
    `);
  });

  test("a schema refused: the tool's parameters are the param, invalid_function_parameters the code", async () => {
    const judge = (): ProviderViolation[] => [
      {
        provider: "openai",
        rule: "openai/object-properties",
        message: "Invalid schema for function 'ping': In context=(), object schema missing properties.",
        path: "tools[0].parameters",
        tool: 0,
      },
    ];
    const body = { model: "gpt-4o", input: "hi", tools: [badTool("responses")] };
    const answer = await post("openai", "/v1/responses", JSON.stringify(body), judge);
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        message: "Invalid schema for function 'ping': In context=(), object schema missing properties.",
        type: "invalid_request_error",
        param: "tools[0].parameters",
        code: "invalid_function_parameters",
      },
    });
  });

  test.each([
    ["not JSON", "{", "We could not parse the JSON body of your request.", null, null],
    ["no model", JSON.stringify({ messages: [] }), "you must provide a model parameter", null, null],
    [
      "no messages",
      JSON.stringify({ model: "gpt-4o" }),
      "Missing required parameter: 'messages'.",
      "messages",
      "missing_required_parameter",
    ],
  ])("a malformed body (%s) gets OpenAI's own answer", async (_, body, message, param, code) => {
    const answer = await post("openai", "/v1/chat/completions", body);
    expect(answer.status).toBe(400);
    const { error } = JSON.parse(answer.text);
    expect(error.message.startsWith(message)).toBe(true);
    expect(error).toMatchObject({ type: "invalid_request_error", param, code });
  });

  test("an unknown route is OpenAI's Invalid URL", async () => {
    const answer = await post("openai", "/v1/completions", "{}");
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).error.message).toBe("Invalid URL (POST /v1/completions)");
  });
});

describe("Anthropic's answers, byte for byte", () => {
  test("a refused tool: 400, compact, with request_id in the body and request-id header", async () => {
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [],
      tools: [{ name: "get events", input_schema: {} }],
    };
    const answer = await post("anthropic", "/v1/messages", JSON.stringify(body));
    expect(answer.status).toBe(400);
    expect(answer.headers["request-id"]).toBe("req_test");
    expect(answer.text).toBe(
      `{"type":"error","error":{"type":"invalid_request_error","message":"tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"},"request_id":"req_test"}`,
    );
  });

  test.each([
    ["not JSON", "{", "The request body is not valid JSON: "],
    [
      "no max_tokens",
      JSON.stringify({ model: "claude-sonnet-4-5", messages: [] }),
      "max_tokens: Field required",
    ],
  ])("a malformed body (%s) gets Anthropic's own answer", async (_, body, message) => {
    const answer = await post("anthropic", "/v1/messages", body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toMatchObject({
      type: "invalid_request_error",
      message: expect.stringContaining(message),
    });
  });

  test("past the script's end the emulator answers Anthropic's api_error, saying so", async () => {
    const body = { model: "m", max_tokens: 1, messages: [{ role: "assistant", content: "Hi." }] };
    const answer = await post("anthropic", "/v1/messages", JSON.stringify(body));
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text).error).toEqual({
      type: "api_error",
      message: "the scripted model has only 1 turns, and the agent asked for another",
    });
  });
});

describe("Gemini's answers, byte for byte", () => {
  const contents = [{ role: "user", parts: [{ text: "hi" }] }];

  test("schema checks: every violation a `* …` line, status INVALID_ARGUMENT", async () => {
    const body = { contents, tools: [{ functionDeclarations: [{ name: "a b" }, { name: "c d" }] }] };
    const answer = await post(
      "gemini",
      "/v1beta/models/gemini-2.5-flash:generateContent",
      JSON.stringify(body),
    );
    expect(answer.status).toBe(400);
    const { error } = JSON.parse(answer.text);
    expect(error.status).toBe("INVALID_ARGUMENT");
    expect(error.code).toBe(400);
    expect(error.message.split("\n").map((line: string) => line.slice(0, 68))).toEqual([
      "* GenerateContentRequest.tools[0].function_declarations[0].name: Inv",
      "* GenerateContentRequest.tools[0].function_declarations[1].name: Inv",
      "",
    ]);
    expect(error.details).toBeUndefined();
  });

  test("parser violations come alone, joined by newlines, each a fieldViolation", async () => {
    const unknown = (path: string) =>
      `Invalid JSON payload received. Unknown name "additionalProperties" at '${path}': Cannot find field.`;
    const judge = (): ProviderViolation[] => [
      {
        provider: "gemini",
        rule: "gemini/x",
        message: "* GenerateContentRequest.tools[0]: other\n",
        path: "tools[0]",
        tool: 0,
      },
      ...["tools[0].function_declarations[0].parameters", "tools[0].function_declarations[1].parameters"].map(
        (path, tool) => ({
          provider: "gemini" as const,
          rule: "gemini/unknown-field",
          message: unknown(path),
          path,
          tool,
        }),
      ),
    ];
    const body = { contents, tools: [{ functionDeclarations: [{ name: "a" }, { name: "b" }] }] };
    const answer = await post(
      "gemini",
      "/v1beta/models/gemini-2.5-flash:generateContent",
      JSON.stringify(body),
      judge,
    );
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        code: 400,
        message: `${unknown("tools[0].function_declarations[0].parameters")}\n${unknown("tools[0].function_declarations[1].parameters")}`,
        status: "INVALID_ARGUMENT",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            fieldViolations: [
              {
                field: "tools[0].function_declarations[0].parameters",
                description: unknown("tools[0].function_declarations[0].parameters"),
              },
              {
                field: "tools[0].function_declarations[1].parameters",
                description: unknown("tools[0].function_declarations[1].parameters"),
              },
            ],
          },
        ],
      },
    });
  });

  test.each([
    ["not JSON", "{", "Invalid JSON payload received. "],
    ["no contents", "{}", "* GenerateContentRequest.contents: contents is not specified\n"],
  ])("a malformed body (%s) gets Gemini's own answer", async (_, body, message) => {
    const answer = await post("gemini", "/v1beta/models/gemini-2.5-flash:generateContent", body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toMatchObject({
      code: 400,
      status: "INVALID_ARGUMENT",
      message: expect.stringContaining(message),
    });
  });

  test("a method other than generateContent is not found", async () => {
    const answer = await post("gemini", "/v1beta/models/gemini-2.5-flash:countTokens", "{}");
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).error.status).toBe("NOT_FOUND");
  });
});
