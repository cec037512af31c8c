import { beforeEach, expect } from "vitest";
import { type Transport, useTransports } from "../../../support/transports.js";
import { expectConformsToOpenApi } from "../openapi-conformance.js";
import { authJson, createTestEmulator } from "../support.js";

/** What a call answered: status, content type and the body (parsed when JSON, else text). */
export interface Answer {
  status: number;
  type: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field and expect() checks them
  body: any;
}

/**
 * A test emulator (pinned keys, clock, ids; no seed stores) restarted before each test, reached
 * in-process and over a real socket. Call inside a `describe`.
 */
export function useDocumentStoreEmulator() {
  const { emulator, restart } = createTestEmulator();
  beforeEach(async () => {
    restart();
    await emulator.ready();
  });
  return { emulator, transports: useTransports((request) => emulator.fetch(request)) };
}

/** JSON calls to `/api/v1` through a transport, and the helpers every document-store test needs. */
export function client(transport: Transport) {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    init: RequestInit = {},
  ): Promise<Answer> => {
    const response = await transport.send(`/api/v1${path}`, {
      method,
      headers: authJson(),
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      ...init,
    });
    await expectConformsToOpenApi(method, `/api/v1${path}`, response);
    const text = await response.text();
    const type = response.headers.get("content-type");
    return { status: response.status, type, body: type?.includes("json") && text ? JSON.parse(text) : text };
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  return {
    call,
    ok,
    createStore: (name = "Docs", description = "test store") =>
      ok("POST", "/document-store/store", { name, description }),
    upsert: (storeId: string, body: unknown) => ok("POST", `/document-store/upsert/${storeId}`, body),
    getStore: (storeId: string) => ok("GET", `/document-store/store/${storeId}`),
    chunks: (storeId: string, loaderId: string, page = 1) =>
      ok("GET", `/document-store/chunks/${storeId}/${loaderId}/${page}`),
    query: (body: unknown) => ok("POST", "/document-store/vectorstore/query", body),
    /** A multipart upsert: `files` under the repeatable `files` field, other fields as strings. */
    multipart: (storeId: string, fields: Record<string, string>, files: File[], field = "files") => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      for (const file of files) form.append(field, file);
      return call("POST", `/document-store/upsert/${storeId}`, undefined, {
        headers: { authorization: authJson().authorization },
        body: form,
      });
    },
  };
}

/**
 * A splitter config with no overlap. The overlap is the string "0", as Flowise's UI sends it: the
 * number 0 counts as unset in Flowise, and the default overlap of 200 would exceed the chunk size.
 */
export const NO_OVERLAP = "0";

/** A plainText upsert body with a small splitter and the swagger's documented components. */
export function plainTextUpsert(text: string, extra: Record<string, unknown> = {}) {
  return {
    loader: { name: "plainText", config: { text } },
    splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 60, chunkOverlap: NO_OVERLAP } },
    embedding: { name: "openAIEmbeddings", config: { modelName: "text-embedding-ada-002" } },
    vectorStore: { name: "faiss" },
    ...extra,
  };
}

export const SKY =
  "Why the sky is blue: sunlight scatters off air molecules.\n\nShort blue wavelengths scatter the most.\n\nSunsets look red because light crosses more air.";

export const flowiseError = (statusCode: number, message: string) => ({
  statusCode,
  success: false,
  message,
  stack: {},
});
