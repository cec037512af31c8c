import { once } from "node:events";
import { afterEach, describe, expect, test } from "vitest";
import { startChild, stopChildren } from "../../bench/support/bench-children.js";

const LISTENING = /listening on (\S+)/;

/** `node -e program`: a stand-in for a server a bench starts. */
const node = (program: string) => ["-e", program];

afterEach(() => stopChildren());

describe("startChild", () => {
  test("finds the address on a line that came in two pieces, and stopChildren ends the child", async () => {
    const { found, child } = await startChild(
      node(
        `process.stdout.write("proxy listen"); setTimeout(() => process.stdout.write("ing on http://127.0.0.1:4030 → x\\n"), 50); setInterval(() => {}, 1000);`,
      ),
      LISTENING,
    );
    expect(found).toBe("http://127.0.0.1:4030");
    await stopChildren();
    expect(child.signalCode).toBe("SIGTERM");
  });

  test("a child that prints a line a call after its address is read to its end, never blocked on its pipe", async () => {
    const { child } = await startChild(
      node(
        `console.log("listening on http://127.0.0.1:1"); for (let i = 0; i < 100000; i++) console.log("GET /events/1 → 200 get_events 1 ms"); process.exitCode = 0;`,
      ),
      LISTENING,
    );
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  test("a child that stops before printing its address fails the start, naming how it ended", async () => {
    await expect(startChild(node("process.exit(3)"), LISTENING)).rejects.toThrow(
      "node -e process.exit(3) stopped (exit 3) before printing /listening on (\\S+)/",
    );
  });
});
