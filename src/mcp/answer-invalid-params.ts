import { Transform, type Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { invalidParamsAnswer } from "./invalid-params.js";

/**
 * The stdio input with every request whose `params` is invalid taken out and answered −32602 on
 * `output` at once; every other line passes through untouched for the SDK's transport to read.
 * @example
 * new StdioServerTransport(answerInvalidParams(process.stdin, process.stdout), process.stdout);
 */
export function answerInvalidParams(input: NodeJS.ReadableStream, output: Writable): Transform {
  // Decoded as a stream, so a character split across two chunks stays whole.
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const filter = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (!text.includes("\n")) {
        pending += text; // only a chunk holding a line end is split: a long line costs no rescans
        return done();
      }
      const lines = (pending + text).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) pass(this, line);
      done();
    },
    flush(done) {
      pending += decoder.end();
      if (pending !== "") this.push(pending);
      done();
    },
  });
  function pass(stream: Transform, line: string): void {
    const answer = invalidParamsAnswer(parseOrUndefined(line));
    if (answer === undefined) stream.push(`${line}\n`);
    else output.write(`${JSON.stringify(answer)}\n`);
  }
  return input.pipe(filter);
}

function parseOrUndefined(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined; // the SDK's transport reports what is not JSON
  }
}
