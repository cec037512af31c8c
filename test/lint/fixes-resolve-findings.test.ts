import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import type { FieldType, HttpMethod } from "../../src/config/request-tool-config.js";
import { applyFixes } from "../../src/lint/apply-fixes.js";
import type { Diagnostic } from "../../src/lint/diagnostic.js";
import { lint } from "../../src/lint/lint.js";
import { loadSpecIndex } from "../../src/lint/load-check-inputs.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../src/openapi/operation-index.js";
import { packagePath } from "../../src/package/package-root.js";
import type { Profile } from "../../src/profile.js";

/**
 * Every fix resolves its own finding: each fix a rule offers (suggestions included), applied alone to the
 * file (as `--fix` writes it) and the file linted again, leaves no finding of that rule at that place.
 * And every fix `--fix` applies by default keeps what the tool does: its method family, and every
 * argument the model could send (renamed at most). Over the configs the project ships and tests with,
 * and over generated ones.
 */

const PROFILES: Profile[] = ["standard", "flowise"];
/** The rules that offer fixes; a rule that starts offering one must be added here, and is then held to it. */
const FIXING_RULES = [
  "body-fields",
  "brace-placeholder",
  "operation-not-found",
  "output-length",
  "param-without-in",
  "tool-name",
  "undeclared-query-param",
  "undisclosed-format",
];

/** A service whose fields require every kind of format, none with an example. */
const FORMATS_SPEC = {
  openapi: "3.0.0",
  info: { title: "Formats", version: "1" },
  servers: [{ url: "https://formats.example.com/v2" }],
  paths: {
    "/things": {
      post: {
        operationId: "createThing",
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["day", "code"],
                properties: {
                  day: { type: "string", format: "date" },
                  at: { type: "string", format: "time" },
                  when: { type: "string", format: "date-time" },
                  mail: { type: "string", format: "email" },
                  ref: { type: "string", format: "uuid" },
                  link: { type: "string", format: "uri" },
                  code: { type: "string", pattern: "^[A-Z]{3}$" },
                  count: { type: "integer", format: "int64" },
                },
              },
            },
          },
        },
        responses: { "201": { description: "made" } },
      },
    },
    "/things/{thingId}": {
      parameters: [
        { name: "thingId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      ],
      get: {
        operationId: "getThing",
        parameters: [{ name: "since", in: "query", schema: { type: "string", format: "date" } }],
        responses: { "200": { description: "the thing" } },
      },
      put: { operationId: "replaceThing", responses: { "200": { description: "replaced" } } },
    },
  },
};

const specs: Record<string, OperationIndex> = {};
const dir = mkdtempSync(join(tmpdir(), "tooldeck-fixes-"));
beforeAll(async () => {
  specs.events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
  specs.todos = await loadSpecIndex(packagePath("fixtures", "todo", "todo-api.openapi.yaml"));
  specs.formats = createOperationIndex(await loadSpec(FORMATS_SPEC));
});

function specOf(name: string): OperationIndex {
  const spec = specs[name];
  if (!spec) throw new Error(`no spec ${name}`);
  return spec;
}

/** Fixes checked, by rule. */
const checked = new Map<string, number>();

function lintFile(file: string, spec: OperationIndex, profile: Profile): Diagnostic[] {
  const loaded = loadToolConfigs([file], { roots: [dir] });
  expect(loaded.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([]);
  return lint(loaded.tools, { profile, spec });
}

/** Applies each fix the file's findings offer, one at a time to the file as it was, and lints again. */
function expectEveryFixToResolve(file: string, text: string, spec: OperationIndex, profile: Profile): void {
  writeFileSync(file, text);
  for (const finding of lintFile(file, spec, profile).filter((d) => d.fix)) {
    writeFileSync(file, text);
    const before = toolAt(file, finding);
    expect(applyFixes([finding], { suggestions: true }).skipped).toEqual([]);
    if (!finding.fix?.changesTool) expectSameBehaviour(before, toolAt(file, finding), finding);
    const again = lintFile(file, spec, profile).filter(
      (d) => d.code === finding.code && d.path === finding.path,
    );
    expect(again, `${finding.code} at ${finding.path} after "${finding.fix?.description}"`).toEqual([]);
    checked.set(finding.code, (checked.get(finding.code) ?? 0) + 1);
  }
}

/** What the model can make the tool do: the method's family, and the arguments it may send. */
interface Behaviour {
  family: string;
  arguments: string[];
}

const FAMILY: Record<string, string> = {
  GET: "read",
  POST: "create",
  PUT: "update",
  PATCH: "update",
  DELETE: "delete",
};

function toolAt(file: string, finding: Diagnostic): Behaviour {
  const tool = loadToolConfigs([file], { roots: [dir] }).tools.find(
    (loaded) => loaded.source.path === (finding.fix?.configPath ?? ""),
  );
  const config = (tool?.config ?? {}) as { method?: string; queryParamsSchema?: object; bodySchema?: object };
  return {
    family: FAMILY[config.method ?? ""] ?? String(config.method),
    arguments: [
      ...Object.keys(config.queryParamsSchema ?? {}).map((name) => `query ${name}`),
      ...Object.keys(config.bodySchema ?? {}).map((name) => `body ${name}`),
    ],
  };
}

/** A safe fix keeps the family, and drops no argument: each is kept, or renamed by one of its changes. */
function expectSameBehaviour(before: Behaviour, after: Behaviour, finding: Diagnostic): void {
  const what = `${finding.code}: "${finding.fix?.description}" applied by --fix`;
  expect(after.family, what).toBe(before.family);
  const renames = finding.fix?.changes.filter((change) => change.renameTo !== undefined).length ?? 0;
  const kept = before.arguments.filter((name) => after.arguments.includes(name));
  expect(kept.length + renames, `${what} drops an argument`).toBeGreaterThanOrEqual(before.arguments.length);
}

/** The configs the project ships and its tests use, in tooldeck's format, each with its service's spec. */
function corpus(): { name: string; text: string; spec: () => OperationIndex }[] {
  const files = [
    "tools/request-tools.yaml",
    "fixtures/todo/todo-tools.yaml",
    ...readdirSync(packagePath("fixtures", "configs"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ya?ml|json)$/.test(file))
      .map((file) => `fixtures/configs/${file}`),
  ];
  return files
    .filter((file) => {
      const loaded = loadToolConfigs([packagePath(file)], { roots: [packagePath()] });
      return loaded.errors.length === 0 && loaded.tools.some((tool) => tool.source.format !== "flowise");
    })
    .map((file) => ({
      name: file,
      text: readFileSync(packagePath(file), "utf8"),
      spec: () => specOf(file.startsWith("fixtures/todo/") ? "todos" : "events"),
    }));
}

describe("every fix resolves its own finding", () => {
  for (const profile of PROFILES) {
    test.each(corpus())(`${profile}: $name`, ({ name, text, spec }) => {
      const extension = name.endsWith(".json") ? ".json" : ".yaml";
      expectEveryFixToResolve(join(dir, `corpus${extension}`), text, spec(), profile);
    });
  }

  test.each(PROFILES)(
    "%s: generated request tools, against the event, to-do and formats services",
    (profile) => {
      const file = join(dir, `generated-${profile}.yaml`);
      fc.assert(
        fc.property(
          fc
            .constantFrom("events", "todos", "formats")
            .chain((which) => requestToolArbitrary(specOf(which)).map((config) => ({ which, config }))),
          ({ which, config }) => {
            expectEveryFixToResolve(file, stringify([config]), specOf(which), profile);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  test("every rule that offers a fix was held to it", () => {
    expect([...checked.keys()].sort()).toEqual(FIXING_RULES);
  });
});

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const FIELD_TYPES: FieldType[] = ["string", "number", "integer", "boolean"];
const DESCRIPTIONS = ["when it is due", "Date of the event", "an ISO 8601 date-time", "the id", "e.g. 5", ""];

/**
 * A request tool aimed near an operation of the spec: a path of the spec with its placeholders written
 * `:x`, `{x}`, under another name or as a value, one segment more or fewer; params and body fields named
 * as the spec names them or not, typed, placed and described at random; names Flowise rewrites.
 */
function requestToolArbitrary(index: OperationIndex) {
  const operations = index.operations;
  const paramNames = [...new Set(operations.flatMap((op) => op.parameters.map((p) => p.name)))];
  const bodyNames = [
    ...new Set(
      operations.flatMap((op) =>
        Object.keys(op.requestBody?.content["application/json"]?.schema?.properties ?? {}),
      ),
    ),
  ];
  const origin = index.spec.document.servers?.[0]?.url ?? "https://api.example.com";
  const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
  const description = optional(fc.constantFrom(...DESCRIPTIONS));
  const param = fc.record({
    type: fc.constantFrom(...FIELD_TYPES),
    in: optional(fc.constantFrom("path", "query")),
    required: optional(fc.boolean()),
    description,
  });
  const field = fc.record({
    type: fc.constantFrom(...FIELD_TYPES),
    required: optional(fc.boolean()),
    description,
  });
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      name: fc.constantFrom("update_todo", "Update Event", "get events!", "delete_event"),
      base: fc.constantFrom("{{$vars.base_url}}", origin),
      path: fc.constantFrom(...operations.map((op) => op.path)),
      placeholder: fc.constantFrom(":$1", "{$1}", ":id", "1"),
      reshape: fc.constantFrom("as is", "one fewer", "one more"),
      params: fc.dictionary(fc.constantFrom(...paramNames, "id", "limit", "version"), param, { maxKeys: 3 }),
      body: optional(fc.dictionary(fc.constantFrom(...bodyNames, "extra"), field, { maxKeys: 4 })),
      maxOutputLength: optional(fc.constantFrom(0, 2000)),
    })
    .map(({ method, name, base, path, placeholder, reshape, params, body, maxOutputLength }) => {
      let url = path.replace(/\{([^{}]+)\}/g, placeholder);
      if (reshape === "one fewer") url = url.replace(/\/[^/]+$/, "");
      if (reshape === "one more") url = `${url}/:version`;
      return withoutUndefined({
        kind: "request",
        method,
        name,
        description: `Use this to ${name}`,
        url: `${base}${url}`,
        queryParamsSchema: Object.keys(params).length > 0 ? params : undefined,
        bodySchema: body,
        maxOutputLength,
      });
    });
}

/** YAML writes `undefined` as `null`, which no config field accepts: leave such keys out. */
function withoutUndefined(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .map(([key, entry]) => [key, withoutUndefined(entry)]),
  );
}

test("the corpus is what it says", () => {
  expect(corpus().map(({ name }) => name)).toEqual([
    "tools/request-tools.yaml",
    "fixtures/todo/todo-tools.yaml",
    "fixtures/configs/fixed-update-event.yaml",
    "fixtures/configs/nested/extra-tool.yml",
  ]);
});
