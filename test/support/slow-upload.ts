import { connect, type Socket } from "node:net";

/**
 * A request whose body is sent in two parts over a raw socket, the second when the test says so. It
 * asks `Expect: 100-continue`, so `started` settles once the server has read the head and begun to
 * answer: from then on the request is in flight, without a sleep.
 */
export function slowUpload(url: string, path: string, headers: Record<string, string>, body: string) {
  const { hostname, port } = new URL(url);
  const half = Math.floor(body.length / 2);
  let received = "";
  const socket: Socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  socket.on("data", (chunk) => {
    received += chunk;
  });
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Expect: 100-continue",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  socket.write(head);
  const started = new Promise<void>((resolve) => {
    const check = () => {
      if (!received.includes("100 Continue")) return;
      socket.off("data", check);
      socket.write(body.slice(0, half), () => resolve());
    };
    socket.on("data", check);
  });
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  return {
    started,
    /** Sends the rest of the body; gives everything the server sent once it closes the connection. */
    finish: () => {
      socket.write(body.slice(half));
      return closed;
    },
    /** The client goes away mid-request. */
    cut: () => {
      socket.destroy();
      return closed;
    },
  };
}
