import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An npm registry on 127.0.0.1 that holds one package: `npm pack`'s tarball, under the name and
 * version of its manifest. Any other name is 404, as a registry without it answers. Lets a test run
 * the real `npm install NAME@VERSION` with no network.
 */
export function localRegistry(tarball: string, manifest: { name: string; version: string }) {
  const bytes = readFileSync(tarball);
  const file = `${manifest.name}-${manifest.version}.tgz`;
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const base = `http://${request.headers.host}`;
    if (request.url === `/${manifest.name}`) {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(packument(manifest, `${base}/${manifest.name}/-/${file}`, bytes)));
    } else if (request.url === `/${manifest.name}/-/${file}`) {
      response.setHeader("content-type", "application/octet-stream");
      response.end(bytes);
    } else {
      response.statusCode = 404;
      response.end('{"error":"not found"}');
    }
  });
  return {
    requests,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function packument(manifest: { name: string; version: string }, tarball: string, bytes: Buffer) {
  const dist = {
    tarball,
    shasum: createHash("sha1").update(bytes).digest("hex"),
    integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
  };
  return {
    name: manifest.name,
    "dist-tags": { latest: manifest.version },
    versions: { [manifest.version]: { ...manifest, _id: `${manifest.name}@${manifest.version}`, dist } },
  };
}
