import { createEmulator } from "../emulator/create-emulator.js";
import { answerEveryHost } from "../emulator/spec/answer-every-host.js";
import type { SpecEmulator } from "../emulator/spec/spec-emulator.js";
import type { FetchLike } from "../net/fetch-like.js";
import type { ResolveHost } from "../net/resolve-host.js";
import { guardResolveHost } from "../runtime/outbound/guard-resolve-host.js";
import { createOutboundGuard } from "../runtime/outbound/outbound-guard.js";
import type { OutboundPolicy } from "../runtime/outbound/outbound-policy.js";

/**
 * What a scenario needs of an emulator: a fetch, the variables pointing tools at it, and its state as
 * plain data (`{ events: [...] }`; any collection of arrays works for state expectations).
 */
export interface ScenarioEmulator {
  fetch: FetchLike;
  resolveHost?: ResolveHost;
  vars: Record<string, string>;
  snapshot(): Record<string, unknown>;
}

/**
 * The default: the embedded emulators, fresh from their seed, with ids of created events counted
 * (`00000000-0000-4000-8000-000000000001`, …) rather than random, so cassettes replay byte for byte.
 * With a spec emulator (the scenario's `emulator: { spec }`), it answers every other host, fresh from
 * its seed too; so does `recorded` (`emulator: { traffic }`, an in-process fetch answering from recorded
 * exchanges); without either, any other host is refused before sending (docs/security.md).
 * @example
 * const result = await runScenario(scenario, { createEmulator: () => createScenarioEmulator() });
 */
export function createScenarioEmulator(spec?: SpecEmulator, recorded?: FetchLike): ScenarioEmulator {
  let next = 0;
  const randomId = () => `00000000-0000-4000-8000-${String(++next).padStart(12, "0")}`;
  const emulator = createEmulator({
    events: { randomId },
    ...(spec ? { specs: [spec], fallback: answerEveryHost(spec) } : recorded ? { fallback: recorded } : {}),
  });
  // A scenario is a repository file like any config: it reaches the embedded emulators and nothing else.
  const policy: OutboundPolicy = { allowedHosts: [], allowWrites: false };
  const fetch = createOutboundGuard(emulator.fetch, policy);
  return { ...emulator, fetch, resolveHost: guardResolveHost(policy, emulator.resolveHost) };
}
