/** A service under a server base path, shaped like Flowise's API (its chatflows, /api/v1 on port 3000). */
export const CHATFLOWS_UNDER_BASE_PATH = {
  openapi: "3.0.3",
  info: { title: "Chatflows", version: "1.0.0" },
  servers: [{ url: "http://localhost:3000/api/v1" }],
  paths: Object.fromEntries(
    ["/chatflows", "/chatflows/{id}", "/chatflows/apikey/{apikey}"].map((path) => [
      path,
      { get: { responses: { "200": { description: "OK" } } } },
    ]),
  ),
};

/**
 * Requests against such a service and what matchOperation finds: the operation's path, and whether the
 * URL's origin and base path were the server's (true), another's (false) or unknown (undefined).
 */
export const BASE_PATH_MATCHES: [
  method: string,
  url: string,
  path: string,
  serverMatched: boolean | undefined,
][] = [
  ["GET", "http://localhost:3000/api/v1/chatflows/abc", "/chatflows/{id}", true],
  ["GET", "{{$vars.flowise}}/api/v1/chatflows", "/chatflows", undefined],
  ["GET", "/chatflows/apikey/:apikey", "/chatflows/apikey/{apikey}", undefined],
  ["GET", "https://flowise.example/api/v1/chatflows", "/chatflows", false],
];
