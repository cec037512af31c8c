import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../src/lint/diagnostic.js";
import { foldExplainedProbes } from "../../src/lint/fold-explained-probes.js";
import type { ProbeSymptom } from "../../src/lint/probe/probe-symptom.js";
import { DEFAULT_RULES } from "../../src/lint/rules/index.js";

const lint = (
  code: string,
  severity: Diagnostic["severity"],
  path: string,
  tool = "create_todo",
): Diagnostic => ({
  code,
  severity,
  tool,
  file: "tools/todos.yaml",
  path,
  message: `${code} says so`,
});
const probe = (
  severity: Diagnostic["severity"],
  message: string,
  symptom?: ProbeSymptom,
  tool = "create_todo",
): Diagnostic => ({
  code: "probe",
  severity,
  tool,
  file: "tools/todos.yaml",
  path: "[0]",
  message,
  ...(symptom ? { symptom } : {}),
});

const shown = (diagnostics: Diagnostic[]) =>
  foldExplainedProbes(diagnostics, DEFAULT_RULES).map(
    (d) =>
      `${d.severity} ${d.code}${(d.related ?? []).map((r) => ` + ${r.severity} ${r.code}: ${r.message}`).join("")}`,
  );

describe("one cause, one finding: probe failures a rule explains are folded into its finding", () => {
  test("a missing date format: the 400, the body off its schema and the undocumented 400 join the warning, an error now", () => {
    expect(
      shown([
        probe("error", "POST /todos answered 400", "rejected-request"),
        lint("undisclosed-format", "warning", "[0].bodySchema.due.description"),
        probe("warning", "the request body does not match POST /todos (createTodo)", "rejected-request"),
        probe(
          "warning",
          "POST /todos (createTodo) answered 400, which its description does not document",
          "rejected-request",
        ),
      ]),
    ).toEqual([
      "error undisclosed-format + error probe: POST /todos answered 400 + warning probe: the request body does not match POST /todos (createTodo) + warning probe: POST /todos (createTodo) answered 400, which its description does not document",
    ]);
  });

  test("a missed operation: the 404 joins operation-not-found", () => {
    expect(
      shown([
        lint("operation-not-found", "error", "[0].url"),
        probe("error", "PUT /todos answered 404", "missed-operation"),
      ]),
    ).toEqual(["error operation-not-found + error probe: PUT /todos answered 404"]);
  });

  test("a call Flowise refused by its host policy joins flowise-private-host, which its message shows", () => {
    expect(
      shown([
        lint("flowise-private-host", "warning", "[0].url"),
        probe(
          "error",
          "GET /todos got no answer: Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.",
        ),
      ]),
    ).toEqual([
      "error flowise-private-host + error probe: GET /todos got no answer: Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.",
    ]);
  });

  test.each<[string, Diagnostic[]]>([
    [
      "a private host's tool whose call failed otherwise (no answer in time)",
      [
        lint("flowise-private-host", "warning", "[0].url"),
        probe("error", "GET got no answer within 10000 ms (--timeout)"),
      ],
    ],
    [
      "a rule that does not explain the symptom (a format does not make a 404)",
      [
        lint("undisclosed-format", "warning", "[0].bodySchema.due.description"),
        probe("error", "answered 404", "missed-operation"),
      ],
    ],
    [
      "a probe failure that shows nothing about the request (a 500, a timeout)",
      [lint("operation-not-found", "error", "[0].url"), probe("error", "answered 500")],
    ],
    [
      "another tool's finding",
      [
        lint("operation-not-found", "error", "[1].url", "update_todo"),
        probe("error", "answered 404", "missed-operation"),
      ],
    ],
    [
      "a finding of another config in the same file",
      [lint("operation-not-found", "error", "[1].url"), probe("error", "answered 404", "missed-operation")],
    ],
    [
      "a rule that explains no probe failure",
      [
        lint("undeclared-query-param", "warning", "[0].queryParamsSchema.limit"),
        probe("error", "answered 400", "rejected-request"),
      ],
    ],
  ])("not folded: %s", (_, diagnostics) => {
    expect(foldExplainedProbes(diagnostics, DEFAULT_RULES)).toHaveLength(2);
  });

  test("the first finding in report order takes it: the error before the warning", () => {
    const folded = foldExplainedProbes(
      [
        lint("field-types", "warning", "[0].bodySchema.due.type"),
        lint("body-fields", "error", "[0].bodySchema"),
        probe("error", "answered 422", "rejected-request"),
      ],
      DEFAULT_RULES,
    );
    expect(folded.map((d) => `${d.code} ${d.related?.length ?? 0}`)).toEqual([
      "body-fields 1",
      "field-types 0",
    ]);
  });

  test("a finding keeps its severity when the probe's is lighter (probe set to info)", () => {
    expect(
      shown([
        lint("operation-not-found", "error", "[0].url"),
        probe("info", "answered 404", "missed-operation"),
      ]),
    ).toEqual(["error operation-not-found + info probe: answered 404"]);
  });
});
