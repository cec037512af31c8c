import type { FetchHandler } from "../emulator/serve.js";
import { toLineText } from "../text/safe-text.js";
import type { CliIo } from "./cli-io.js";

/**
 * `serve --log`: one stderr line per request once it is answered, `GET /events/1 200 3ms`. The path
 * only: a query may carry a key (`?apiKey=`), and a client's control characters are shown, not obeyed.
 */
export function withRequestLog(
  handler: FetchHandler,
  io: Pick<CliIo, "stderr">,
  now: () => number = () => performance.now(),
): FetchHandler {
  return async (request) => {
    const started = now();
    const line = (status: number | string) =>
      io.stderr(
        `${toLineText(`${request.method} ${new URL(request.url).pathname} ${status} ${Math.round(now() - started)}ms`)}\n`,
      );
    try {
      const response = await handler(request);
      line(response.status);
      return response;
    } catch (error) {
      line("failed");
      throw error;
    }
  };
}
