/**
 * A request body the test releases when it chooses. `reading` settles once the server has asked for the
 * first bytes (the stream's first pull), so a test knows the handler is awaiting the body without
 * sleeping; `send(text)` then delivers the whole body and ends it.
 */
export function createHeldBody() {
  let pulled: () => void = () => {};
  let deliver: (text: string) => void = () => {};
  const reading = new Promise<void>((resolve) => {
    pulled = resolve;
  });
  const delivered = new Promise<string>((resolve) => {
    deliver = resolve;
  });
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      pulled();
      controller.enqueue(new TextEncoder().encode(await delivered));
      controller.close();
    },
  });
  return { stream, reading, send: deliver };
}
