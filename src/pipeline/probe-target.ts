import { randomBytes } from "node:crypto";
import { createEmulator } from "../emulator/create-emulator.js";
import {
  EVENT_SERVICE_ORIGIN,
  FLOWISE_ORIGIN,
  TUTORIAL_EVENT_ORIGINS,
} from "../emulator/emulator-origins.js";
import { createSpecEmulator, type SpecEmulator, specServer } from "../emulator/spec/spec-emulator.js";
import type { Api, ApiMap } from "../lint/api-map/api.js";
import type { ProbeRuntime, ProbeTarget } from "../lint/probe/probe.js";
import { type FetchLike, markInProcess } from "../net/fetch-like.js";
import { networkFetch } from "../net/network-fetch.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import type { FlowiseHostOptions } from "../runtime/host-policy.js";
import { isNamedHost, type OutboundPolicy } from "../runtime/outbound/outbound-policy.js";
import type { ToolRuntimeOptions } from "../runtime/runtime-options.js";

export interface ProbeTargetSettings {
  /**
   * The run's APIs: each description's emulator answers on its API's hosts only (its servers' and those
   * `apis:` names), never on a host no description names.
   */
  apis: ApiMap;
  /** --live: the tools' own hosts, no spec emulators. */
  live: boolean;
  baseUrl: string | undefined;
  userVars: Record<string, string>;
  outbound: OutboundPolicy;
  /** HTTP_SECURITY_CHECK=false and HTTP_DENY_LIST, as Flowise reads them. */
  flowiseHosts: FlowiseHostOptions;
  read: SpecReadOptions;
  /** Told the Flowise API key the probes' emulators accept, so that it is masked when printed. */
  hideSecret: (secret: string) => void;
}

/**
 * Where `checkProject` sends each probe (docs/spec-emulator.md, docs/security.md): a fresh embedded
 * emulator per tool, spec emulators for the tools' own hosts unless --live, or --base-url.
 */
export function createProbeTarget(settings: ProbeTargetSettings): ProbeTarget {
  // One Flowise API key for every probe's emulator, so it is masked once (a fresh key per tool would be
  // one more value to mask in every line printed).
  const apiKey = randomBytes(32).toString("base64url");
  settings.hideSecret(apiKey);
  // A base URL takes every probe, so no spec emulator would answer one.
  const emulated =
    settings.live || settings.baseUrl !== undefined
      ? undefined
      : specEmulators(settings.apis, settings.outbound);
  return (_tool, toolkitSpec) => ({
    ...probeTarget(settings, apiKey, emulated?.(toolkitSpec)),
    ...settings.read,
  });
}

/**
 * A fresh embedded emulator for every probed tool, or the real service at --base-url (every tool is
 * sent there: toolkits' servers and literal origins are replaced), behind the outbound guard either
 * way; with HTTP_SECURITY_CHECK=false, as Flowise reads it, the flowise profile reaches loopback hosts
 * (the guard still decides which), and HTTP_DENY_LIST's entries are refused as Flowise refuses them. Without --live, spec emulators stand in for
 * the tools' own hosts (docs/spec-emulator.md); a host with neither is skipped, not called.
 */
function probeTarget(
  settings: ProbeTargetSettings,
  apiKey: string,
  specs: ProbeSpecs | undefined,
): ProbeRuntime {
  const { baseUrl, userVars, outbound } = settings;
  const options: ToolRuntimeOptions = { ...settings.flowiseHosts };
  if (baseUrl !== undefined) {
    return {
      ...options,
      outbound,
      baseUrl,
      vars: { base_url: baseUrl, ...userVars },
      describeTarget: (url) => (sameOrigin(url, baseUrl) ? "--base-url" : undefined),
    };
  }
  const emulator = createEmulator({
    flowise: { apiKeys: [apiKey] },
    specs: specs?.emulators ?? [],
    ...(specs?.fallback ? { fallback: specs.fallback } : {}),
  });
  const vars = { ...emulator.vars, flowise_api_key: apiKey, ...userVars };
  return {
    ...options,
    outbound,
    fetch: emulator.fetch,
    resolveHost: emulator.resolveHost,
    vars,
    describeTarget: (url) =>
      isEmbeddedOrigin(url)
        ? "embedded emulator"
        : (specs?.describe(url) ?? (isNamed(url, outbound) ? "--allow-host" : undefined)),
    emulates: (url) => isEmbeddedOrigin(url) || specs?.describe(url) !== undefined,
    ...(specs ? { skipsUnknownHosts: true } : {}),
  };
}

/** The spec emulators a probe uses: by server origin, and by the other hosts an API names. */
interface ProbeSpecs {
  emulators: SpecEmulator[];
  fallback: FetchLike | undefined;
  describe: (url: string) => string | undefined;
}

/**
 * Spec emulators for the probes, built once per spec and reset for every tool: each API's description on
 * its server origin and the other hosts its API names, and a toolkit's own spec on its server origin. A
 * host no API names is answered by none (the probe says so, and calls it only with --live).
 */
function specEmulators(map: ApiMap, outbound: OutboundPolicy) {
  const built = new Map<OperationIndex, SpecEmulator>();
  const emulatorOf = (index: OperationIndex) => {
    let emulator = built.get(index);
    if (!emulator) {
      emulator = createSpecEmulator(index, { fillEmpty: true });
      built.set(index, emulator);
    }
    return emulator;
  };
  // An emulator nothing could reach is not built: one whose server is an embedded emulator's origin
  // (tools/'s own description, on the tutorial's localhost:5566) or relative, unless its API names other hosts.
  const reachable = (index: OperationIndex) => {
    const { origin } = specServer(index);
    return origin !== undefined && !isEmbeddedOrigin(origin);
  };
  const byHost = otherHosts(map.apis, outbound);
  return (toolkitSpec: OperationIndex | undefined): ProbeSpecs => {
    const indexes = new Set([
      ...(toolkitSpec && reachable(toolkitSpec) ? [toolkitSpec] : []),
      ...map.apis.flatMap((api) => (reachable(api.spec) ? [api.spec] : [])),
    ]);
    const emulators = [...indexes].map(emulatorOf);
    const named = new Map([...byHost].map(([host, api]) => [host, emulatorOf(api.spec)]));
    for (const emulator of new Set([...emulators, ...named.values()])) emulator.reset();
    const hostOf = (url: string) => {
      try {
        return new URL(url).host;
      } catch {
        return undefined;
      }
    };
    const answering = (url: string) => {
      const host = hostOf(url);
      return host === undefined ? undefined : named.get(host);
    };
    const fallback =
      named.size === 0
        ? undefined
        : markInProcess(
            (input: RequestInfo | URL, init?: RequestInit) => {
              const url = input instanceof Request ? input.url : String(input);
              const emulator = answering(url);
              return emulator ? emulator.fetch(new Request(input, init)) : networkFetch(input, init);
            },
            (url: string) => answering(url) !== undefined,
          );
    const describe = (url: string) => {
      if (isEmbeddedOrigin(url)) return undefined;
      const found = emulators.find((emulator) => sameOrigin(url, emulator.server.origin)) ?? answering(url);
      return found ? `spec emulator: ${found.index.title}` : undefined;
    };
    return { emulators, fallback, describe };
  };
}

/**
 * The hosts an API names besides its description's first server (`apis: { x: { hosts: [...] } }`), each
 * answered by that description's emulator; the embedded emulators' hosts stay theirs, and a host named
 * with --allow-host is the real one (the user named it to be reached).
 */
function otherHosts(apis: readonly Api[], outbound: OutboundPolicy): Map<string, Api> {
  const hosts = new Map<string, Api>();
  for (const api of apis) {
    const origin = specServer(api.spec).origin;
    const own = origin === undefined ? undefined : new URL(origin).host;
    for (const host of api.hosts) {
      if (host === own || isEmbeddedOrigin(`http://${host}`) || isNamed(`http://${host}`, outbound)) continue;
      if (!hosts.has(host)) hosts.set(host, api);
    }
  }
  return hosts;
}

function isEmbeddedOrigin(url: string): boolean {
  return [EVENT_SERVICE_ORIGIN, FLOWISE_ORIGIN, ...TUTORIAL_EVENT_ORIGINS].some((origin) =>
    sameOrigin(url, origin),
  );
}

function isNamed(url: string, outbound: OutboundPolicy): boolean {
  try {
    return isNamedHost(new URL(url), outbound.allowedHosts);
  } catch {
    return false;
  }
}

function sameOrigin(url: string, origin: string | undefined): boolean {
  try {
    return origin !== undefined && new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
