import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, test } from "vitest";
import { OpenApiToolkitConfigSchema } from "../../../src/config/openapi-toolkit-config.js";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import type { LoadedTool } from "../../../src/config/tool-config.js";
import { recordedCalls } from "../../../src/contracts/spec-diff/cassette-calls.js";
import { diffSpecs } from "../../../src/contracts/spec-diff/diff-specs.js";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import { createEvent, deleteEvent, getEvents } from "../../support/tutorial-tools.js";

const SPEC = packagePath("tools", "event-api.openapi.yaml");
// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document, edited key by key to plant a change
type Doc = Record<string, any>;

/** The tutorial's tools, update_event as its fix leaves it (PATCH /events/:id), and the event toolkit. */
const updateEvent: RequestToolConfig = {
  ...createEvent,
  method: "PATCH",
  name: "update_event",
  url: "{{$vars.base_url}}/events/:id",
  queryParamsSchema: { id: { type: "string", in: "path", required: true, description: "ID of the event" } },
};
const TOOLS: LoadedTool[] = [
  ...[getEvents, createEvent, updateEvent, deleteEvent].map((config, i) => ({
    config,
    source: { file: "tools/request-tools.yaml", path: `[${i}]` },
  })),
  {
    config: OpenApiToolkitConfigSchema.parse({
      kind: "openapi-toolkit",
      name: "event_api",
      spec: "event-api.openapi.yaml",
    }),
    source: { file: packagePath("tools", "event-toolkit.yaml"), path: "" },
  },
];

const base = () => load(readFileSync(SPEC, "utf8")) as Doc;
const before = async (): Promise<OperationIndex> => createOperationIndex(await loadSpec(SPEC));
const indexOf = async (doc: Doc) => createOperationIndex(await loadSpec(doc, { label: "v2.yaml" }));

async function diff(
  change: (doc: Doc) => void,
  tools: LoadedTool[] = TOOLS,
  calls = false,
): Promise<Diagnostic[]> {
  const doc = base();
  change(doc);
  const old = await before();
  const cassettes = calls ? recordedCalls([packagePath("scenarios", "cassettes")], old) : [];
  return diffSpecs({ before: old, after: await indexOf(doc), tools, calls: cassettes }).diagnostics;
}

/** One line per finding: severity, code, tool, path, and the fix offered (or the suggestion). */
const lines = (found: Diagnostic[]) =>
  found
    .map((d) => `${d.severity} ${d.code} ${d.tool} ${d.path}: ${d.fix?.description ?? d.suggestion ?? "-"}`)
    .sort();

/** EventInput as the spec has it, with fields added: create's body, changed where update's is not. */
const eventInputWith = (extra: Doc, required: string[]) => {
  const input = structuredClone(base().components.schemas.EventInput);
  return {
    ...input,
    required: [...input.required, ...required],
    properties: { ...input.properties, ...extra },
  };
};

describe("diffSpecs: planted changes on the event API → findings naming the tool and the fix", () => {
  test("PATCH → PUT: the request tool misses (fix: PUT), the toolkit's tool follows", async () => {
    const found = await diff((doc) => {
      doc.paths["/events/{id}"].put = doc.paths["/events/{id}"].patch;
      delete doc.paths["/events/{id}"].patch;
    });
    expect(lines(found)).toEqual(
      [
        "error method-changed update_event [2].url: PUT {{$vars.base_url}}/events/:id",
        "warning method-changed updateEventDetails spec: -",
      ].sort(),
    );
    const update = found.find((d) => d.tool === "update_event");
    expect(update?.message).toBe(
      "PATCH /events/{id} (updateEventDetails) is PUT /events/{id} in v2.yaml: every call of the tool misses",
    );
    expect(update?.fix?.changes).toEqual([
      { path: "[2].method", value: "PUT" },
      { path: "[2].url", value: "{{$vars.base_url}}/events/:id" },
    ]);
  });

  test("a removed operation breaks the tools that call it, and the toolkit loses its tool", async () => {
    const found = await diff((doc) => {
      delete doc.paths["/events/{id}"].delete;
    });
    expect(lines(found)).toEqual(
      [
        "error operation-removed delete_event [3].url: -",
        "error operation-removed deleteEvent spec: -",
      ].sort(),
    );
  });

  test("a moved path: the fix points the tool at the new path (same operationId)", async () => {
    const found = await diff((doc) => {
      doc.paths["/calendar/events/{eventId}"] = doc.paths["/events/{id}"];
      doc.paths["/calendar/events/{eventId}"].parameters[0].name = "eventId";
      delete doc.paths["/events/{id}"];
    });
    const update = found.find((d) => d.tool === "update_event");
    expect(update?.code).toBe("operation-moved");
    expect(update?.fix?.description).toBe(
      "PATCH {{$vars.base_url}}/calendar/events/:eventId with a required eventId path param, without the path param id",
    );
    expect(
      found
        .filter((d) => d.code === "operation-moved")
        .map((d) => d.tool)
        .sort(),
    ).toEqual(
      [
        "delete_event",
        "get_events",
        "update_event",
        "deleteEvent",
        "getEventById",
        "updateEventDetails",
      ].sort(),
    );
  });

  test("a new required body field: error with the fix that declares it; the toolkit asks the model (warning)", async () => {
    const found = await diff((doc) => {
      doc.paths["/events"].post.requestBody.content["application/json"].schema = eventInputWith(
        { capacity: { type: "integer", description: "Seats" } },
        ["capacity"],
      );
    });
    const create = found.filter((d) => d.code === "required-field-added");
    expect(lines(create)).toEqual(
      [
        "error required-field-added create_event [1].bodySchema: declare the required body field capacity (integer)",
        "warning required-field-added createEvent spec: -",
      ].sort(),
    );
    expect(create.find((d) => d.tool === "create_event")?.fix?.changes).toEqual([
      { path: "[1].bodySchema.capacity", value: { type: "integer", required: true, description: "Seats" } },
    ]);
  });

  test("a new required query param on the operation a tool calls", async () => {
    const found = await diff((doc) => {
      doc.paths["/events/{id}"].get.parameters = [
        { name: "fields", in: "query", required: true, schema: { type: "string" } },
      ];
    });
    expect(lines(found.filter((d) => d.severity === "error"))).toEqual(
      [
        "error required-field-added get_events [0].queryParamsSchema: declare the required query param fields (string)",
      ].sort(),
    );
  });

  test("a new optional body field is what the change allows (info, with the fix)", async () => {
    const found = await diff((doc) => {
      doc.paths["/events"].post.requestBody.content["application/json"].schema = eventInputWith(
        { tags: { type: "array", items: { type: "string" } } },
        [],
      );
    });
    expect(lines(found.filter((d) => d.code === "optional-field-added"))).toEqual(
      [
        "info optional-field-added create_event [1].bodySchema: declare the optional body field tags (array)",
        "info optional-field-added createEvent spec: -",
      ].sort(),
    );
  });

  test("a narrowed type of a field the tool sends", async () => {
    const found = await diff((doc) => {
      doc.paths["/events"].post.requestBody.content["application/json"].schema = eventInputWith({}, []);
      doc.paths["/events"].post.requestBody.content["application/json"].schema.properties.location = {
        type: "integer",
      };
    });
    expect(lines(found.filter((d) => d.code === "type-narrowed"))).toEqual(
      [
        "error type-narrowed create_event [1].bodySchema.location: declare location as integer",
        "warning type-narrowed createEvent spec: -",
      ].sort(),
    );
  });

  test("a removed enum value the tool's description names, and the recorded call that sent it", async () => {
    const withStatus = (values: string[]) => (doc: Doc) => {
      doc.paths["/events"].get.parameters = [
        { name: "status", in: "query", schema: { type: "string", enum: values } },
      ];
    };
    const listEvents: RequestToolConfig = {
      ...getEvents,
      name: "list_events",
      queryParamsSchema: {
        status: { type: "string", in: "query", description: "draft, published or cancelled" },
      },
    };
    const old = base();
    withStatus(["draft", "published", "cancelled"])(old);
    const next = base();
    withStatus(["draft", "published"])(next);
    const beforeIndex = createOperationIndex(await loadSpec(old, { label: SPEC }));
    const found = diffSpecs({
      before: beforeIndex,
      after: await indexOf(next),
      tools: [{ config: listEvents, source: { file: "tools/list.yaml", path: "" } }],
      calls: [
        {
          file: "scenarios/cassettes/list.standard.cassette.json",
          path: "calls[0]",
          tool: "list_events",
          operation: beforeIndex.byOperationId.get("listEvents") as never,
          requestBody: undefined,
          query: new URLSearchParams("status=cancelled"),
          status: 200,
          responseBody: [],
        },
      ],
    }).diagnostics;
    expect(found.map((d) => `${d.severity} ${d.code} ${d.tool} ${d.file} ${d.path}`)).toEqual([
      "error enum-value-removed list_events scenarios/cassettes/list.standard.cassette.json calls[0].request",
      "error enum-value-removed list_events tools/list.yaml queryParamsSchema.status",
    ]);
    expect(found[1]?.message).toBe(
      `the query param status of GET /events no longer takes "cancelled" (only "draft", "published"); the tool's description still names cancelled`,
    );
  });

  test("a response field the recorded answers carried", async () => {
    const found = await diff(
      (doc) => {
        delete doc.components.schemas.Event.properties.location;
        doc.components.schemas.Event.required = ["id", "name", "date"];
      },
      TOOLS,
      true,
    );
    const removed = found.filter((d) => d.code === "response-field-removed");
    expect(removed.map((d) => `${d.tool} ${d.file.replace(/.*scenarios/, "scenarios")} ${d.path}`)).toContain(
      "create_event scenarios/cassettes/create-event.standard.cassette.json calls[0].response.body",
    );
    expect(removed.every((d) => d.severity === "error")).toBe(true);
    expect(removed[0]?.message).toMatch(
      /carried location, which the new description's response no longer has$/,
    );
  });

  test("a recorded call no given tool made is named on its cassette", async () => {
    const found = await diff(
      (doc) => {
        doc.paths["/events/{id}"].put = doc.paths["/events/{id}"].patch;
        delete doc.paths["/events/{id}"].patch;
      },
      [],
      true,
    );
    const changed = found.filter((d) => d.code === "method-changed");
    expect(
      changed.map((d) => `${d.tool} ${d.file.replace(/.*scenarios/, "scenarios")} ${d.path}`).sort(),
    ).toEqual([
      "rename_event_1 scenarios/cassettes/http-node-then-agent.standard.cassette.json calls[0]",
      "update_event scenarios/cassettes/update-event-fixed.standard.cassette.json calls[0]",
    ]);
    expect(changed[0]?.message).toMatch(
      /^the recorded call of PATCH \/events\/\{id\} \(updateEventDetails\) is PUT \/events\/\{id\} in v2\.yaml$/,
    );
  });

  test("a tool's error names its recorded calls", async () => {
    const found = await diff(
      (doc) => {
        delete doc.paths["/events/{id}"].patch;
      },
      TOOLS.slice(2, 3),
      true,
    );
    const update = found.find((d) => d.tool === "update_event" && d.file === "tools/request-tools.yaml");
    expect(update?.message).toMatch(
      /is not in v2\.yaml: every call of the tool misses; recorded in .*scenarios\/cassettes\/update-event-fixed\.standard\.cassette\.json calls\[0\]$/,
    );
  });

  test("an auth change: bearer now required", async () => {
    const found = await diff((doc) => {
      doc.components.securitySchemes = { bearer: { type: "http", scheme: "bearer" } };
      doc.security = [{ bearer: [] }];
    });
    const create = found.find((d) => d.tool === "create_event");
    expect(create?.code).toBe("auth-changed");
    expect(create?.message).toBe(
      "POST /events (createEvent) now takes http bearer, not none: the tool's calls are refused",
    );
  });

  test("a changed operationId renames the toolkit's tool; request tools do not care", async () => {
    const found = await diff((doc) => {
      doc.paths["/events/{id}"].get.operationId = "fetchEvent";
    });
    expect(lines(found)).toEqual(
      [
        "error operation-renamed getEventById spec: rename getEventById to fetchEvent in the prompts and scenarios that name it, and record the cassettes again",
      ].sort(),
    );
  });

  test("a renamed tool the toolkit selects: the fix selects the new name", async () => {
    const toolkit: LoadedTool = {
      config: OpenApiToolkitConfigSchema.parse({
        kind: "openapi-toolkit",
        spec: "event-api.openapi.yaml",
        selectedEndpoints: ["getEventById"],
      }),
      source: { file: packagePath("tools", "event-toolkit.yaml"), path: "" },
    };
    const found = await diff(
      (doc) => {
        doc.paths["/events/{id}"].get.operationId = "fetchEvent";
      },
      [toolkit],
    );
    expect(found[0]?.fix?.changes).toEqual([{ path: "selectedEndpoints[0]", value: "fetchEvent" }]);
  });

  test("what only the model feels: a new summary, a new parameter description", async () => {
    const found = await diff((doc) => {
      doc.paths["/events/{id}"].get.summary = "Get one event (archived ones too)";
      doc.paths["/events"].post.requestBody.content["application/json"].schema = eventInputWith({}, []);
      doc.paths["/events"].post.requestBody.content["application/json"].schema.properties.name.description =
        "Title of the event, at most 80 characters";
    });
    expect(lines(found)).toEqual(
      [
        "info description-changed get_events [0].description: now: Get one event (archived ones too)",
        "info param-description-changed create_event [1].bodySchema.name: describe name as the spec does",
        "warning description-changed getEventById spec: now: Get one event (archived ones too)",
        "warning param-description-changed createEvent spec: now: Title of the event, at most 80 characters",
      ].sort(),
    );
  });

  test("precision: a change to operations no tool calls reports nothing", async () => {
    const found = await diff(
      (doc) => {
        doc.info.version = "2.0.0";
        doc.paths["/venues"] = {
          get: { operationId: "listVenues", responses: { "200": { description: "ok" } } },
        };
        doc.components.schemas.Venue = { type: "object", properties: { id: { type: "string" } } };
      },
      TOOLS.slice(0, 4),
    );
    expect(found).toEqual([]);
  });

  test("precision: a tool on another host is not the API's tool", async () => {
    const elsewhere: LoadedTool = {
      config: { ...deleteEvent, url: "https://api.example-two.test/events" },
      source: { file: "tools/other.yaml", path: "" },
    };
    const found = await diff(
      (doc) => {
        delete doc.paths["/events/{id}"].delete;
      },
      [elsewhere],
    );
    expect(found).toEqual([]);
  });
});
