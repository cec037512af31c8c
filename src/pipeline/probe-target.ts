import { randomBytes } from "node:crypto";
import { createEmulator } from "../emulator/create-emulator.js";
import {
  EVENT_SERVICE_ORIGIN,
  FLOWISE_ORIGIN,
  TUTORIAL_EVENT_ORIGINS,
} from "../emulator/emulator-origins.js";
import { answerEveryHost } from "../emulator/spec/answer-every-host.js";
import { createSpecEmulator, type SpecEmulator, specServer } from "../emulator/spec/spec-emulator.js";
import type { ProbeRuntime, ProbeTarget } from "../lint/probe/probe.js";
import type { FetchLike } from "../net/fetch-like.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { isNamedHost, type OutboundPolicy } from "../runtime/outbound/outbound-policy.js";
import type { ToolRuntimeOptions } from "../runtime/runtime-options.js";

export interface ProbeTargetSettings {
  /** The service's description (`spec`, --spec, or the one found among the paths). */
  spec: OperationIndex | undefined;
  /** Whether `spec`'s emulator answers every host no other emulator does (the user named it). */
  everyHost: boolean;
  /** --live: the tools' own hosts, no spec emulators. */
  live: boolean;
  baseUrl: string | undefined;
  userVars: Record<string, string>;
  outbound: OutboundPolicy;
  /** HTTP_SECURITY_CHECK=false, as Flowise reads it. */
  securityCheckOff: boolean;
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
      : specEmulators(settings.spec, settings.everyHost);
  return (_tool, toolkitSpec) => ({
    ...probeTarget(settings, apiKey, emulated?.(toolkitSpec)),
    ...settings.read,
  });
}

/**
 * A fresh embedded emulator for every probed tool, or the real service at --base-url (every tool is
 * sent there: toolkits' servers and literal origins are replaced), behind the outbound guard either
 * way; with HTTP_SECURITY_CHECK=false, as Flowise reads it, the flowise profile reaches loopback hosts
 * (the guard still decides which). Without --live, spec emulators stand in for
 * the tools' own hosts (docs/spec-emulator.md); a host with neither is skipped, not called.
 */
function probeTarget(
  settings: ProbeTargetSettings,
  apiKey: string,
  specs: ProbeSpecs | undefined,
): ProbeRuntime {
  const { baseUrl, userVars, outbound } = settings;
  const options: ToolRuntimeOptions = settings.securityCheckOff ? { httpSecurityCheck: false } : {};
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
    ...(specs ? { skipsUnknownHosts: true } : {}),
  };
}

/** The spec emulators a probe uses: by server origin, and the --spec one for every other host. */
interface ProbeSpecs {
  emulators: SpecEmulator[];
  fallback: FetchLike | undefined;
  describe: (url: string) => string | undefined;
}

/**
 * Spec emulators for the probes, built once per spec and reset for every tool: the toolkit's own spec
 * on its server origin, and the --spec (or found) description for every host no emulator answers on.
 */
function specEmulators(spec: OperationIndex | undefined, everyHost: boolean) {
  const built = new Map<OperationIndex, SpecEmulator>();
  const emulatorOf = (index: OperationIndex) => {
    let emulator = built.get(index);
    if (!emulator) {
      emulator = createSpecEmulator(index, { fillEmpty: true });
      built.set(index, emulator);
    }
    emulator.reset();
    return emulator;
  };
  // An emulator nothing could reach is not built: one whose server is an embedded emulator's origin
  // (tools/'s own description, on the tutorial's localhost:5566) or relative, unless it answers every host.
  const reachable = (index: OperationIndex) => {
    const { origin } = specServer(index);
    return (index === spec && everyHost) || (origin !== undefined && !isEmbeddedOrigin(origin));
  };
  return (toolkitSpec: OperationIndex | undefined): ProbeSpecs => {
    const main = spec && reachable(spec) ? emulatorOf(spec) : undefined;
    const own =
      toolkitSpec && toolkitSpec !== spec && reachable(toolkitSpec) ? emulatorOf(toolkitSpec) : undefined;
    const emulators = [own, main].filter((emulator) => emulator !== undefined);
    const fallback = main && everyHost ? answerEveryHost(main) : undefined;
    const describe = (url: string) => {
      if (isEmbeddedOrigin(url)) return undefined;
      const answering =
        emulators.find((emulator) => sameOrigin(url, emulator.server.origin)) ??
        (everyHost ? main : undefined);
      return answering ? `spec emulator: ${answering.index.title}` : undefined;
    };
    return { emulators, fallback, describe };
  };
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
