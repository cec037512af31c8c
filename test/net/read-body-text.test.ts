import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readBodyText } from "../../src/net/read-body-text.js";

const BOM = [0xef, 0xbb, 0xbf];

/** A response whose body arrives in the given chunks, as a network body does. */
function chunked(chunks: readonly (Uint8Array | unknown)[]): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  );
}

/** Bytes cut into chunks at the given offsets (a multi-byte character may be cut in two). */
function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const ends = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const end of [...ends, bytes.length]) {
    if (end > start) chunks.push(bytes.slice(start, end));
    start = Math.max(start, end);
  }
  return chunks;
}

/** Any bytes, often UTF-8 text (with a BOM at times), sometimes bytes that are not UTF-8. */
const BODIES = fc.oneof(
  fc.string({ unit: "binary" }).map((text) => new TextEncoder().encode(text)),
  fc.string({ unit: "binary" }).map((text) => Uint8Array.from([...BOM, ...new TextEncoder().encode(text)])),
  fc.uint8Array({ maxLength: 64 }),
  fc.uint8Array({ maxLength: 8 }).map((bytes) => Uint8Array.from([...BOM, ...bytes])),
);

describe("readBodyText", () => {
  test("gives what text() gives, however the body is cut into chunks", async () => {
    await fc.assert(
      fc.asyncProperty(BODIES, fc.array(fc.nat(80), { maxLength: 4 }), async (bytes, offsets) => {
        const expected = await new Response(bytes).text();
        expect(await readBodyText(chunked(cut(bytes, offsets)))).toBe(expected);
        expect(await readBodyText(new Response(bytes))).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  test("with keepBom, gives the bytes decoded with a leading BOM kept, as node-fetch does", async () => {
    const keeping = new TextDecoder("utf-8", { ignoreBOM: true });
    await fc.assert(
      fc.asyncProperty(BODIES, fc.array(fc.nat(80), { maxLength: 4 }), async (bytes, offsets) => {
        const text = await readBodyText(chunked(cut(bytes, offsets)), { keepBom: true });
        expect(text).toBe(keeping.decode(bytes));
      }),
      { numRuns: 500 },
    );
    expect(await readBodyText(new Response(Uint8Array.from([...BOM, 0x7b, 0x7d])), { keepBom: true })).toBe(
      "\uFEFF{}",
    );
    expect(await readBodyText(new Response(Uint8Array.from([...BOM, 0x7b, 0x7d])))).toBe("{}");
  });

  test("a response without a body, or with an empty one, is empty text", async () => {
    expect(await readBodyText(new Response(null, { status: 204 }))).toBe("");
    expect(await readBodyText(new Response(""))).toBe("");
    expect(await readBodyText(chunked([]), { keepBom: true })).toBe("");
  });

  test("marks the body read, as text() does", async () => {
    const response = new Response("once");
    expect(await readBodyText(response)).toBe("once");
    expect(response.bodyUsed).toBe(true);
  });

  test("a body already read, or locked by a reader, fails as text() fails", async () => {
    const read = new Response("x");
    await read.text();
    await expect(readBodyText(read)).rejects.toThrow(
      new TypeError("Body is unusable: Body has already been read"),
    );
    const locked = new Response("x");
    locked.body?.getReader();
    await expect(readBodyText(locked)).rejects.toThrow(TypeError);
  });

  test("a body another reader read from and released is read from where it stopped", async () => {
    const response = chunked([new TextEncoder().encode("first "), new TextEncoder().encode("rest")]);
    const reader = response.body?.getReader();
    await reader?.read();
    reader?.releaseLock();
    expect(await readBodyText(response)).toBe("rest");
  });

  test("a chunk that is not bytes fails as text() fails", async () => {
    const message = await chunked(["text"])
      .text()
      .catch((error: Error) => error.message);
    await expect(readBodyText(chunked(["text"]))).rejects.toThrow(new TypeError(message));
    await expect(readBodyText(chunked([new Uint8Array([0x61]), "b"]))).rejects.toThrow(
      new TypeError(message),
    );
  });

  test("a stream that fails passes its error on", async () => {
    const failing = new Response(
      new ReadableStream({
        pull(controller) {
          controller.error(new Error("connection reset"));
        },
      }),
    );
    await expect(readBodyText(failing)).rejects.toThrow("connection reset");
  });
});
