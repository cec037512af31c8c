import { beforeAll, describe, expect, test } from "vitest";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { matchOperation } from "../../src/openapi/match-operation.js";
import { createOperationIndex, type OperationIndex } from "../../src/openapi/operation-index.js";
import { packageRoot } from "../../src/package/package-root.js";
import { BASE_PATH_MATCHES, CHATFLOWS_UNDER_BASE_PATH } from "../support/chatflows-under-base-path.js";
import { GITHUB_SPEC } from "../support/real-specs.js";

let events: OperationIndex;
let basePathed: OperationIndex;
let github: OperationIndex;

beforeAll(async () => {
  events = createOperationIndex(await loadSpec("tools/event-api.openapi.yaml", { baseDir: packageRoot() }));
  basePathed = createOperationIndex(await loadSpec(CHATFLOWS_UNDER_BASE_PATH));
  github = createOperationIndex(await loadSpec(GITHUB_SPEC));
});

describe("matchOperation on the event API", () => {
  test.each([
    ["GET", "{{$vars.base_url}}/events", "listEvents", {}, undefined],
    ["get", "http://localhost:5566/events/", "listEvents", {}, true],
    ["GET", "http://localhost:5566/events?limit=2", "listEvents", {}, true],
    ["GET", "http://LOCALHOST:5566/events/3", "getEventById", { id: "3" }, true],
    ["GET", "{{$vars.base_url}}/events/:id", "getEventById", { id: ":id" }, undefined],
    ["PATCH", "/events/{id}/", "updateEventDetails", { id: "{id}" }, undefined],
    [
      "DELETE",
      "{{ $vars.base_url }}/events/{{$flow.state.eventId}}",
      "deleteEvent",
      { id: "{{$flow.state.eventId}}" },
      undefined,
    ],
    ["POST", "events", "createEvent", {}, undefined],
    ["POST", "http://{{$vars.host}}:5566/events", "createEvent", {}, undefined],
    ["GET", "http://127.0.0.1:9999/events/a%20b", "getEventById", { id: "a b" }, false],
  ])("%s %s → %s", (method, url, operationId, params, serverMatched) => {
    const match = matchOperation(events, method, url);
    expect(match).toMatchObject({ ok: true, params, serverMatched });
    expect(match.ok && match.operation.operationId).toBe(operationId);
  });

  test.each([
    [
      "PUT",
      "{{$vars.base_url}}/events",
      "method-not-allowed",
      "PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
    ],
    [
      "PUT",
      "http://localhost:5566/events/:id",
      "method-not-allowed",
      "PUT /events/:id is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
    ],
    [
      "DELETE",
      "/events",
      "method-not-allowed",
      "DELETE /events is not an operation of Event Management API (did you mean DELETE /events/{id}?)",
    ],
    [
      "POST",
      "/events/7",
      "method-not-allowed",
      "POST /events/7 is not an operation of Event Management API (did you mean GET /events/{id}, PATCH /events/{id} or DELETE /events/{id}?)",
    ],
    [
      "GET",
      "/events/1/attendees",
      "unknown-path",
      "GET /events/1/attendees is not an operation of Event Management API (did you mean GET /events/{id}?)",
    ],
    ["GET", "/evnts", "unknown-path", "GET /evnts is not an operation of Event Management API"],
  ])("%s %s is %s", (method, url, reason, message) => {
    expect(matchOperation(events, method, url)).toMatchObject({ ok: false, reason, message });
  });
});

describe("matchOperation with a server base path", () => {
  test.each(BASE_PATH_MATCHES)("%s %s → %s", (method, url, path, serverMatched) => {
    const match = matchOperation(basePathed, method, url);
    expect(match.ok && match.operation.path).toBe(path);
    expect(match.ok && match.serverMatched).toBe(serverMatched);
  });
});

describe("matchOperation on GitHub's REST description", () => {
  test.each([
    [
      "GET",
      "https://api.github.com/repos/octocat/hello/issues/12/comments",
      "issues/list-comments",
      { owner: "octocat", repo: "hello", issue_number: "12" },
    ],
    [
      "GET",
      "https://api.github.com/repos/o/r/issues/comments",
      "issues/list-comments-for-repo",
      { owner: "o", repo: "r" },
    ],
    ["POST", "/repos/:owner/:repo/issues", "issues/create", { owner: ":owner", repo: ":repo" }],
    [
      "GET",
      "/repos/o/r/compare/main...feature",
      "repos/compare-commits-with-basehead",
      { owner: "o", repo: "r", basehead: "main...feature" },
    ],
  ])("%s %s → %s", (method, url, operationId, params) => {
    const match = matchOperation(github, method, url);
    expect(match.ok && match.operation.operationId).toBe(operationId);
    expect(match.ok && match.params).toEqual(params);
  });

  test("a literal segment wins over a parameter, whatever the method: then the method is not allowed", () => {
    const literal = matchOperation(github, "GET", "/repos/o/r/issues/comments");
    expect(literal.ok && literal.operation.path).toBe("/repos/{owner}/{repo}/issues/comments");
    expect(matchOperation(github, "PATCH", "/repos/o/r/issues/comments")).toMatchObject({
      ok: false,
      reason: "method-not-allowed",
      allowed: ["GET"],
    });
  });
});

describe("matchOperation with mixed segments", () => {
  test("a segment like {name}.{ext} matches by its pattern and yields both values", async () => {
    const spec = await loadSpec({
      openapi: "3.1.0",
      info: { title: "Files", version: "1" },
      servers: [
        {
          url: "https://{tenant}.files.example/{version}",
          variables: { tenant: { default: "acme" }, version: { default: "v2" } },
        },
      ],
      paths: {
        "/files/{name}.{ext}": { get: { operationId: "getFile" } },
        "/files/latest": { get: { operationId: "latest" } },
      },
    });
    const index = createOperationIndex(spec);
    expect(matchOperation(index, "GET", "https://acme.files.example/v2/files/report.pdf")).toMatchObject({
      ok: true,
      params: { name: "report", ext: "pdf" },
      path: "/files/report.pdf",
      serverMatched: true,
    });
    expect(matchOperation(index, "GET", "/files/latest")).toMatchObject({
      ok: true,
      operation: { operationId: "latest" },
    });
    expect(matchOperation(index, "GET", "/files/readme")).toMatchObject({
      ok: false,
      reason: "unknown-path",
    });
  });
});
