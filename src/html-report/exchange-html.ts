import type { ToolRequest, ToolResponse } from "../runtime/tool-result.js";
import { html, type SafeHtml } from "./html.js";

/** One tool call's HTTP exchange, and what the LLM was shown of it. */
export interface Exchange {
  request?: ToolRequest | undefined;
  response?: ToolResponse | undefined;
  /** Exactly the text the LLM saw. */
  output?: string | undefined;
}

/** Bodies longer than this are shown as they came: pretty-printing a large one costs more than it helps. */
const PRETTY_LIMIT = 200_000;

/**
 * The request as sent (method, URL, headers, body) beside the answer (status, headers, body), then the
 * text the LLM saw: two columns that wrap to one on a narrow window. A JSON body is indented.
 */
export function exchangeHtml(exchange: Exchange): SafeHtml {
  const { request, response, output } = exchange;
  return html`<div class="exchange">
<div><h4>Request</h4>${
    request
      ? html`<pre>${request.method} ${request.url}</pre>${headersTable(request.headers)}${bodyBlock(request.body)}`
      : html`<p class="muted">no request was sent</p>`
  }</div>
<div><h4>Answer</h4>${
    response
      ? html`<pre>${`${response.status} ${response.statusText}`.trimEnd()}</pre>${headersTable(response.headers)}${bodyBlock(response.body)}`
      : html`<p class="muted">no answer</p>`
  }</div>
</div>${output === undefined ? "" : html`<h4>What the LLM saw</h4><pre>${output}</pre>`}`;
}

/** A JSON value, indented, as a block. */
export function jsonBlock(value: unknown): SafeHtml {
  return html`<pre>${JSON.stringify(value, null, 2) ?? "undefined"}</pre>`;
}

function headersTable(headers: Record<string, string>): SafeHtml {
  const entries = Object.entries(headers);
  if (entries.length === 0) return html`<p class="muted">no headers</p>`;
  return html`<table class="headers">${entries.map(
    ([name, value]) => html`<tr><td class="mono">${name}</td><td class="mono">${value}</td></tr>`,
  )}</table>`;
}

function bodyBlock(body: string | undefined): SafeHtml {
  if (body === undefined || body === "") return html`<p class="muted">no body</p>`;
  return html`<pre>${pretty(body)}</pre>`;
}

function pretty(body: string): string {
  if (body.length > PRETTY_LIMIT || !/^\s*[[{]/.test(body)) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
