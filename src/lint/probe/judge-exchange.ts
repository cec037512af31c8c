import { matchOperation } from "../../openapi/match-operation.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import type { ToolRequest, ToolResponse, ToolResult } from "../../runtime/tool-result.js";
import type { Finding } from "../rule.js";
import { describeOperation, jsonBodySchema } from "../spec-helpers.js";
import { clipEvidence } from "./clip-evidence.js";
import { type ProbeSymptom, symptomOfStatus } from "./probe-symptom.js";
import { checkSchema } from "./schema-check.js";

/** A probe's finding, with what its failure shows when it shows something. */
export interface ProbeFinding extends Finding {
  symptom?: ProbeSymptom;
}

/**
 * What one probe call shows: the call failed or answered non-2xx (error, with the evidence), and, with a
 * spec, whether the request was an operation, its body valid, the status documented, the answer valid.
 * A finding that shows the request missed its operation or was rejected says so (`symptom`). An answer
 * from one of tooldeck's emulators (`emulated`) is not held to the statuses the spec documents: which
 * status an emulator picks is the emulator's doing, never the tool's.
 */
export function judgeExchange(
  result: ToolResult,
  spec: OperationIndex | undefined,
  options: { emulated?: boolean } = {},
): ProbeFinding[] {
  const { request, response } = result;
  if (!request) return [{ message: `the call failed before sending: ${result.output}` }];
  const target = `${request.method} ${pathOf(request.url)}`;
  if (!response)
    return [{ message: `${target} got no answer: ${result.output || result.error || "(empty output)"}` }];
  const findings: ProbeFinding[] = [];
  if (response.status < 200 || response.status > 299) {
    const message = `${target} answered ${response.status} ${clipEvidence(response.body)}`.trimEnd();
    findings.push(
      withSymptom(
        { message: `${message}${hiddenFromLlm(result, response)}` },
        symptomOfStatus(response.status),
      ),
    );
  } else if (!result.ok) {
    findings.push({
      message: `${target} answered ${response.status}, but the tool failed: ${result.output}`,
    });
  }
  if (!spec) return findings;
  const drift = driftFindings(request, response, spec, options.emulated === true);
  // A non-2xx answer already says the call missed; "not an operation" would say it twice.
  if (findings.length > 0 && drift[0]?.message.endsWith(`is not an operation of ${spec.title}`))
    return findings;
  return [...findings, ...drift];
}

/**
 * What the LLM saw instead of an error answer's body, when its platform hides the body and words the
 * error itself (n8n's status sentences): the finding then shows what the model was left with.
 */
function hiddenFromLlm(result: ToolResult, response: ToolResponse): string {
  const seen = clipEvidence(result.output);
  const body = clipEvidence(response.body);
  return seen === "" || body === "" || seen.includes(body) ? "" : `; the LLM sees ${seen}`;
}

/**
 * Where an exchange departs from the service's description: the request is no operation, its body is off
 * the schema, the status is undocumented, or the answer is off its schema. Used by the probes and by
 * cassette replays (drift).
 */
export function specDrift(
  request: Pick<ToolRequest, "method" | "url" | "body">,
  response: Pick<ToolResponse, "status" | "body"> | undefined,
  spec: OperationIndex,
): string[] {
  return driftFindings(request, response, spec).map((finding) => finding.message);
}

/** `specDrift` as warnings, each with what it shows about the request. */
function driftFindings(
  request: Pick<ToolRequest, "method" | "url" | "body">,
  response: Pick<ToolResponse, "status" | "body"> | undefined,
  spec: OperationIndex,
  emulated = false,
): ProbeFinding[] {
  const match = matchOperation(spec, request.method, request.url);
  if (!match.ok) {
    const message = `${request.method} ${pathOf(request.url)} is not an operation of ${spec.title}`;
    return [{ severity: "warning", message, symptom: "missed-operation" }];
  }
  return againstOperation(match.operation, request.body, response, emulated);
}

function againstOperation(
  operation: IndexedOperation,
  body: string | undefined,
  response: Pick<ToolResponse, "status" | "body"> | undefined,
  emulated: boolean,
): ProbeFinding[] {
  const where = describeOperation(operation);
  const findings: ProbeFinding[] = [];
  const bodySchema = jsonBodySchema(operation);
  if (bodySchema && body !== undefined) {
    const problem = checkSchema(bodySchema, parseJson(body));
    if (problem && problem !== "uncheckable") {
      const message = `the request body does not match ${where}: ${problem}`;
      findings.push({ severity: "warning", message, symptom: "rejected-request" });
    }
  }
  if (!response) return findings;
  const documented =
    operation.responses[String(response.status)] ??
    operation.responses[`${String(response.status)[0]}XX`] ??
    operation.responses.default;
  if (!documented) {
    if (emulated) return findings;
    const message = `${where} answered ${response.status}, which its description does not document`;
    findings.push(withSymptom({ severity: "warning", message }, symptomOfStatus(response.status)));
    return findings;
  }
  const schema = documented.content?.["application/json"]?.schema;
  if (schema && response.body !== "") {
    const problem = checkSchema(schema, parseJson(response.body));
    if (problem && problem !== "uncheckable") {
      findings.push({
        severity: "warning",
        message: `the ${response.status} answer of ${where} does not match its schema: ${problem}`,
      });
    }
  }
  return findings;
}

function withSymptom(finding: ProbeFinding, symptom: ProbeFinding["symptom"]): ProbeFinding {
  return symptom ? { ...finding, symptom } : finding;
}

function pathOf(url: string): string {
  try {
    // From href, not pathname + search: a bare `?` is shown as sent (`search` would drop it).
    const parsed = new URL(url);
    return decodeURI(parsed.href.slice(parsed.origin.length).replace(/#.*$/, ""));
  } catch {
    return url;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
