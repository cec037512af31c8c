import { once } from "node:events";
import { existsSync } from "node:fs";
import { loadToolConfigs } from "../../config/load-tool-configs.js";
import { type FetchHandler, type RunningServer, serve } from "../../emulator/serve.js";
import { ToolDeckError } from "../../errors.js";
import { loadSpecIndex } from "../../lint/load-check-inputs.js";
import { DRAIN_GRACE_MS } from "../../net/drain-grace.js";
import { projectReadOptions } from "../../project-files/project-read-options.js";
import { parseBaseUrl } from "../../runtime/outbound/outbound-policy.js";
import { toLineText } from "../../text/safe-text.js";
import { createExchangeChecker, type ExchangeChecker } from "../../traffic/check-exchange.js";
import { loadTraffic } from "../../traffic/load-traffic.js";
import {
  createRecordingProxy,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  type ProxiedCall,
} from "../../traffic/recording-proxy.js";
import { createToolNamer, type ToolCallShape } from "../../traffic/tool-namer.js";
import { createTrafficRecorder, type TrafficRecorder } from "../../traffic/traffic-recorder.js";
import { type CliIo, type Command, EXIT } from "../cli-io.js";
import { PROXY_INFO } from "../help/proxy-help.js";
import { parseCommandArgs, parsePort } from "../parse-command-args.js";
import { stoppingNote } from "../stopping-note.js";

export const proxyCommand: Command = {
  ...PROXY_INFO,
  endsOnSignal: true,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("proxy", args, {
      target: { type: "string" },
      port: { type: "string", default: "4030" },
      host: { type: "string", default: "127.0.0.1" },
      spec: { type: "string" },
      record: { type: "string" },
      "record-limit": { type: "string" },
      "upstream-timeout": { type: "string", default: String(DEFAULT_UPSTREAM_TIMEOUT_MS / 1000) },
      "allow-writes": { type: "boolean", default: false },
      root: { type: "string", multiple: true },
    });
    if (values.target === undefined)
      throw new ToolDeckError("usage", "--target URL is required (the API to forward to)");
    const target = parseBaseUrl(values.target, "--target").href;
    const upstreamTimeoutMs = parseSeconds("upstream-timeout", values["upstream-timeout"]) * 1000;
    const recordLimit = parseRecordLimit(values["record-limit"], values.record);
    const paths = positionals.length > 0 ? positionals : existsSync("tools") ? ["tools/"] : [];
    const read = projectReadOptions(values.root ? { roots: values.root } : {}, [
      ...paths,
      ...(values.spec !== undefined ? [values.spec] : []),
    ]);
    const check =
      values.spec === undefined ? undefined : createExchangeChecker(await loadSpecIndex(values.spec, read));
    const recorder =
      values.record === undefined
        ? undefined
        : createTrafficRecorder(values.record, target, { limit: recordLimit });
    const report = createReport({ nameTool: toolNamer(paths, read.roots), check, recorder, recordLimit }, io);
    let listening: RunningServer | undefined;
    // The port is known once it is bound (--port 0 picks one): a Host must name it.
    const listener = {
      host: values.host,
      get port() {
        return listening?.port;
      },
    };
    const stopWaiting = new AbortController();
    const proxy = settleable(
      createRecordingProxy({
        target,
        allowWrites: values["allow-writes"],
        listener,
        upstreamTimeoutMs,
        signal: stopWaiting.signal,
        onCall: report.onCall,
      }),
    );
    const server = await serve(proxy.handler, { port: parsePort("port", values.port), host: values.host });
    listening = server;
    io.stdout(
      `${toLineText(`proxy listening on ${server.url} → ${target}${values["allow-writes"] ? "" : " (reads only; writes need --allow-writes)"}`)}\n`,
    );
    io.stdout("Press Ctrl+C to stop.\n");
    if (!io.signal.aborted) await once(io.signal, "abort");
    // As serve does: no new connections, the calls in flight answered (and recorded) within the grace.
    io.stdout(stoppingNote(server.inFlight));
    await server.close({ graceMs: DRAIN_GRACE_MS });
    // The grace ran out for calls the target still holds: they end (502) and are told before the summary.
    stopWaiting.abort();
    await proxy.settled();
    await report.settled();
    recorder?.close();
    io.stdout(`${toLineText(report.summary())}\n`);
    io.stdout("stopped\n");
    return EXIT.ok;
  },
};

/** The handler, and a promise of the moment every call it took has ended and been told. */
function settleable(handler: FetchHandler) {
  const running = new Set<Promise<Response>>();
  return {
    handler: (request: Request) => {
      const answer = Promise.resolve(handler(request));
      running.add(answer);
      const done = () => void running.delete(answer);
      answer.then(done, done);
      return answer;
    },
    settled: async () => {
      await Promise.allSettled([...running]);
      // A call is told on the turn after its answer (setImmediate in the proxy): let those run.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** --upstream-timeout: a positive number of seconds. */
function parseSeconds(flag: string, value: string): number {
  const seconds = Number(value);
  if (value.trim() === "" || !Number.isFinite(seconds) || seconds <= 0)
    throw new ToolDeckError("usage", `--${flag} must be a positive number of seconds, got '${value}'`);
  return seconds;
}

/** --record-limit: a positive whole number of exchanges, with --record only. */
function parseRecordLimit(value: string | undefined, record: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (record === undefined) throw new ToolDeckError("usage", "--record-limit needs --record DIR");
  if (!/^\d+$/.test(value) || Number(value) === 0)
    throw new ToolDeckError("usage", `--record-limit must be a positive whole number, got '${value}'`);
  return Number(value);
}

/** Names calls after the tools that make them: request tools and HTTP nodes, and the cassettes' calls. */
function toolNamer(paths: readonly string[], roots: readonly string[]) {
  const shapes: ToolCallShape[] = [];
  for (const { config } of loadToolConfigs(paths, { roots }).tools) {
    if ((config.kind !== "request" && config.kind !== "http") || !config.name) continue;
    shapes.push({ name: config.name, method: config.method, url: config.url });
    // A path parameter the URL has no placeholder for is appended as a segment (the tutorial's get_events).
    const appended =
      config.kind === "request" ? unplacedPathParams(config.url, config.queryParamsSchema) : [];
    if (appended.length > 0)
      shapes.push({
        name: config.name,
        method: config.method,
        url: `${config.url}${appended.map((name) => `/:${name}`).join("")}`,
      });
  }
  if (existsSync("scenarios")) {
    for (const { tool, request } of loadTraffic(["scenarios/"], { roots }).exchanges)
      if (tool) shapes.push({ name: tool, method: request.method, url: request.url });
  }
  return createToolNamer(shapes);
}

function unplacedPathParams(
  url: string,
  params: Record<string, { in?: string | undefined }> | undefined,
): string[] {
  return Object.entries(params ?? {})
    .filter(([name, param]) => param.in === "path" && !url.includes(`:${name}`) && !url.includes(`{${name}}`))
    .map(([name]) => name);
}

interface ReportParts {
  nameTool: (method: string, path: string) => string | undefined;
  check: ExchangeChecker | undefined;
  recorder: TrafficRecorder | undefined;
  recordLimit: number | undefined;
}

/** One line per call (`GET /events/1 → 200 get_event 3 ms`), its departures from the spec under it. */
function createReport({ nameTool, check, recorder, recordLimit }: ReportParts, io: CliIo) {
  let calls = 0;
  let failed = 0;
  let offSpec = 0;
  let limitSaid = false;
  let pending = Promise.resolve();
  const record = (call: ProxiedCall, tool: string | undefined) => {
    if (!recorder || !call.forwarded) return;
    if (recorder.add(tool ? { ...call.exchange, tool } : call.exchange, call.failure) || limitSaid) return;
    limitSaid = true;
    io.stdout(
      `${toLineText(`recording stopped: --record-limit ${recordLimit} reached (${recorder.file}); calls are still forwarded and printed`)}\n`,
    );
  };
  const onCall = (call: ProxiedCall) => {
    calls++;
    if (call.failure !== undefined) failed++;
    // In order, one after the other: lines of two calls never interleave.
    pending = pending.then(async () => {
      const { request, response } = call.exchange;
      const url = new URL(request.url);
      const tool = nameTool(request.method, url.pathname);
      const answered = call.forwarded && call.failure === undefined;
      const problems = answered && check ? await check(call.exchange) : [];
      if (problems.length > 0) offSpec++;
      record(call, tool);
      const why = call.refusal ?? call.failure;
      const head = `${request.method} ${url.pathname}${url.search} → ${response.status}${tool ? ` ${tool}` : ""} ${Math.round(call.ms)} ms${why === undefined ? "" : ` (${why})`}`;
      io.stdout(`${toLineText(head)}\n`);
      for (const problem of problems) io.stdout(`  ${toLineText(`off the description: ${problem}`)}\n`);
    });
  };
  return {
    onCall,
    settled: () => pending,
    summary: () =>
      [
        `${calls} call${calls === 1 ? "" : "s"}`,
        ...(failed > 0 ? [`${failed} failed`] : []),
        ...(check ? [`${offSpec} off the description`] : []),
        ...(recorder ? [`${recorder.recorded} recorded in ${recorder.file}`] : []),
      ].join(", "),
  };
}
