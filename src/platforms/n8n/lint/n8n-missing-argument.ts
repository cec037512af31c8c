import type { Finding, LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { type FromAiCall, scanFromAiCalls } from "../expression/from-ai-calls.js";
import { isAgent3 } from "../runtime/agent-version.js";
import {
  isFromAiCode,
  isN8nTool,
  N8N_RULE_PROFILES,
  parameterStrings,
  templateCodeSpans,
  templateCodes,
} from "./n8n-rule-helpers.js";

/** Keypair rows n8n leaves out when their value is missing (reference fact 14). */
const ROWS = /^parameters\.(queryParameters|headerParameters|bodyParameters)\.parameters\[\d+\]\.value$/;
const ROW_KIND: Record<string, string> = {
  queryParameters: "query parameter",
  headerParameters: "header",
  bodyParameters: "body field",
};

/** A required `$fromAI` value whose absence Agent 3.x lets through as an empty or missing part. */
export const n8nMissingArgument: LintRule<N8nHttpToolConfig> = {
  id: "n8n-missing-argument",
  severity: "warning",
  profiles: N8N_RULE_PROFILES,
  description:
    "a required $fromAI value whose absence empties a path segment or drops a parameter, without any error",
  docs:
    "n8n's Agent 3.x does not check the model's arguments against the schema: a required `$fromAI` key the " +
    "model leaves out renders as an empty string inside a text (`/items/{{ $fromAI('id') }}` calls `GET " +
    '/items/`, a JSON body gets `"name": ""`) and drops a query, header or body row whose value it is, ' +
    "and the call is sent anyway. The model then sees the answer to another request (a list instead of one " +
    "item). Give the key a default (`$fromAI`'s 4th argument) where one makes sense, or make the service " +
    "reject the incomplete call; Agent 2.2 checks required arguments.",
  appliesTo: isN8nTool,
  check({ config }) {
    if (config.type !== "n8n-nodes-base.httpRequestTool" || !isAgent3(config.agent)) return [];
    return parameterStrings(config.parameters).flatMap(({ path, text }) => {
      if (!text.startsWith("=")) return [];
      const row = ROWS.exec(path)?.[1];
      const codes = templateCodes(text);
      const whole = codes.length === 1 && /^=\s*\{\{[\s\S]*\}\}\s*$/.test(text);
      if (row !== undefined && whole) return missingRow(path, row, codes[0] as string);
      // A whole URL left out fails the call with an error the model sees ("URL parameter must be a string").
      if (path === "parameters.url" && whole) return [];
      const calls = codes.flatMap((code) => (isFromAiCode(code) ? requiredCalls(code) : []));
      const url = path === "parameters.url" ? urlPieces(text) : undefined;
      return onePerKey(calls).map((call) => inText(path, call, url));
    });
  },
};

function requiredCalls(code: string): FromAiCall[] {
  const scan = scanFromAiCalls(code);
  return scan.ok ? scan.calls.filter((call) => call.defaultValue === undefined) : [];
}

function missingRow(path: string, row: string, code: string): Finding[] {
  if (!isFromAiCode(code)) return [];
  return requiredCalls(code).map((call) => ({
    path,
    message: `if the model leaves out ${call.key}, n8n sends the call without the ${ROW_KIND[row]} and without any error`,
    suggestion: `give ${call.key} a default ($fromAI's 4th argument), or make the service reject the call without it`,
  }));
}

/** The first call of each key: a key written twice is left out once. */
function onePerKey(calls: readonly FromAiCall[]): FromAiCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => !seen.has(call.key) && seen.add(call.key));
}

function inText(path: string, call: FromAiCall, url: UrlPiece[] | undefined): Finding {
  const field = path.slice("parameters.".length);
  const what =
    url !== undefined
      ? `n8n calls the URL with an empty string in its place (${shownUrl(url, call.key)})`
      : `n8n writes an empty string in ${field}`;
  return {
    path,
    message: `if the model leaves out ${call.key}, ${what} and sends the call without any error`,
    suggestion: `give ${call.key} a default ($fromAI's 4th argument), or make the service reject the call without it`,
  };
}

/** A piece of a URL template: text, or a `{{ … }}` as written with the key when it is one `$fromAI` call. */
type UrlPiece = { text: string } | { code: string; key: string | undefined };

/** Longer shown URLs are cut: a message is one line. */
const SHOWN_URL_LIMIT = 200;

/** The URL's pieces, read once for all its keys. */
function urlPieces(text: string): UrlPiece[] {
  const pieces: UrlPiece[] = [];
  let position = 1;
  for (const span of templateCodeSpans(text)) {
    if (span.start < 1) continue;
    pieces.push({ text: text.slice(position, span.start) });
    const scan = isFromAiCode(span.code.trim()) ? scanFromAiCalls(span.code) : undefined;
    pieces.push({ code: span.code, key: scan?.ok ? scan.calls[0]?.key : undefined });
    position = span.end;
  }
  pieces.push({ text: text.slice(position) });
  return pieces;
}

/** The URL as sent without the key, its other expressions as written, cut at SHOWN_URL_LIMIT characters. */
function shownUrl(pieces: readonly UrlPiece[], key: string): string {
  let shown = "";
  for (const piece of pieces) {
    if ("text" in piece) shown += piece.text;
    else if (piece.key !== key) shown += `{{${piece.code}}}`;
    if (shown.length > SHOWN_URL_LIMIT) return `${shown.slice(0, SHOWN_URL_LIMIT)}…`;
  }
  return shown;
}
