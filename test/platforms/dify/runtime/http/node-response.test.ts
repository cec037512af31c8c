import { describe, expect, test } from "vitest";
import { DifyNodeError } from "../../../../../src/platforms/dify/runtime/dify-node-error.js";
import {
  checkAnswerSize,
  isFileAnswer,
  type NodeAnswer,
} from "../../../../../src/platforms/dify/runtime/http/node-response.js";
import { transportFailure } from "../../../../../src/platforms/dify/runtime/http/transport-failure.js";

function answer(headers: Record<string, string>, body: string | Uint8Array = ""): NodeAnswer {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return { status: 200, headers, bytes, text: "" };
}

describe("fact 41: is the answer a file?", () => {
  test.each<[string, NodeAnswer, boolean]>([
    ["attachment", answer({ "content-type": "text/plain", "content-disposition": "attachment" }), true],
    ["inline with a filename", answer({ "content-disposition": 'inline; filename="a.txt"' }), true],
    [
      "inline without a filename",
      answer({ "content-type": "text/html", "content-disposition": "inline" }),
      false,
    ],
    ["text/html", answer({ "content-type": "text/html; charset=utf-8" }), false],
    ["text/csv (graphon's code: text)", answer({ "content-type": "text/csv" }), false],
    ["application/problem+json", answer({ "content-type": "application/problem+json" }), false],
    [
      "application/octet-stream of bytes",
      answer({ "content-type": "application/octet-stream" }, new Uint8Array([0xff, 0])),
      true,
    ],
    [
      "application/octet-stream holding UTF-8 with '{'",
      answer({ "content-type": "application/octet-stream" }, "{}"),
      false,
    ],
    ["application/pdf", answer({ "content-type": "application/pdf" }, "%PDF-1.7"), true],
    [
      "an application type mimetypes does not know",
      answer({ "content-type": "application/x-tooldeck" }, "\u0001"),
      false,
    ],
    ["image/png", answer({ "content-type": "image/png" }), true],
    ["video/mp4", answer({ "content-type": "video/mp4" }), true],
    ["no Content-Type", answer({}), false],
  ])("%s → %s", (_name, given, isFile) => {
    expect(isFileAnswer(given)).toBe(isFile);
  });
});

describe("fact 42: size limits", () => {
  const failure = (size: number, isFile: boolean) => {
    try {
      checkAnswerSize(answer({}, new Uint8Array(size)), isFile);
      return undefined;
    } catch (error) {
      return error instanceof DifyNodeError ? [error.errorType, error.message] : error;
    }
  };

  test("a text answer of exactly 1 MiB passes; one byte more fails", () => {
    expect(failure(1024 * 1024, false)).toBeUndefined();
    expect(failure(1024 * 1024 + 1, false)).toEqual([
      "ResponseSizeError",
      "Text size is too large, max size is 1.00 MB, but current size is 1.00 MB.",
    ]);
  });

  test("a file over 10 MiB fails with File …", () => {
    expect(failure(11 * 1024 * 1024, true)).toEqual([
      "ResponseSizeError",
      "File size is too large, max size is 10.00 MB, but current size is 11.00 MB.",
    ]);
  });
});

describe("fact 44: transport failures", () => {
  const fetchFailed = (code: string) =>
    new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) });

  test("a refused connection: httpx's [Errno 111] Connection refused", () => {
    expect(transportFailure(fetchFailed("ECONNREFUSED"), false)).toMatchObject({
      ok: true,
      error: { errorType: "HttpRequestNodeError", message: "[Errno 111] Connection refused" },
    });
  });

  test("a DNS failure: Dify's own address check raises it uncaught, not reproduced", () => {
    expect(transportFailure(fetchFailed("ENOTFOUND"), false)).toEqual({
      ok: false,
      reason: "the request failed (fetch failed: ENOTFOUND), and httpx's words for that are not reproduced",
    });
  });
});
