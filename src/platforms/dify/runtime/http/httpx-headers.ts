/**
 * The headers httpx 0.28's client sends with every request (`Client.headers`: `Accept`, `Accept-Encoding`,
 * `Connection`, `User-Agent`), Dify's HTTP client adding none of its own (reference/dify-tools.md fact 67).
 * `Accept-Encoding` lists httpx's decoders: gzip and deflate, `br` with brotli installed (flask-compress,
 * a Dify dependency, brings it) and `zstd` with zstandard installed; this list assumes both, as Dify's
 * environment has them (not run). `User-Agent` is `python-httpx/<version>`: Dify pins httpx `~=0.28.0`
 * without a patch version, so it is not reproduced and not sent (nor is Node's own). Dify's newer client
 * also adds a random `traceparent` header (fact 46), whose format is not in the reference: not sent.
 */
export const HTTPX_DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  accept: "*/*",
  "accept-encoding": "gzip, deflate, br, zstd",
  connection: "keep-alive",
};
