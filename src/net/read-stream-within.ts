/**
 * Reads a body stream whole, counting bytes as they arrive; undefined (and the stream cancelled) as soon as
 * it passes `limitBytes`, so an oversized body is never held in memory.
 */
export async function readStreamWithin(
  body: ReadableStream<Uint8Array>,
  limitBytes: number,
): Promise<Buffer | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}
