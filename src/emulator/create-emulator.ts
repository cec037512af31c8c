import type { ResolveHost } from "../runtime/host-policy.js";
import type { FetchLike } from "../runtime/runtime-options.js";
import { createEmulatorFetch, EVENT_SERVICE_ORIGIN } from "./emulator-fetch.js";
import type { Event } from "./events/event.js";
import { createEventService, type EventService, type EventServiceOptions } from "./events/event-service.js";

/**
 * Where the tutorial and the event API description put the event service. The embedded emulator answers
 * there too, in-process, so a toolkit using the description's server reaches it without a socket.
 */
export const TUTORIAL_EVENT_ORIGINS = ["http://localhost:5566", "http://127.0.0.1:5566"];

export interface EmulatorOptions {
  events?: EventServiceOptions;
  /** Where requests to other origins go; default the global fetch. */
  fallback?: FetchLike;
}

/** The embedded emulators behind one in-process `fetch`, and the variables that point tools at them. */
export interface Emulator {
  events: EventService;
  fetch: FetchLike;
  resolveHost: ResolveHost;
  /** `{ base_url }`: the event service's in-process origin, for `{{$vars.base_url}}` tool URLs. */
  vars: Record<string, string>;
  reset(): void;
  snapshot(): { events: Event[] };
}

/**
 * Every embedded emulator behind one `fetch`: tools whose URLs use `{{$vars.base_url}}` (or the tutorial's
 * http://localhost:5566) reach the event service in-process, with no socket; any other URL goes over the
 * network.
 * @example
 * const emulator = createEmulator();
 * const tools = createTools(configs, { fetch: emulator.fetch, vars: emulator.vars });
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const events = createEventService(options.events);
  const routes = Object.fromEntries(
    [EVENT_SERVICE_ORIGIN, ...TUTORIAL_EVENT_ORIGINS].map((origin) => [origin, events.fetch]),
  );
  const routed = createEmulatorFetch(routes, options.fallback);
  return {
    events,
    fetch: routed.fetch,
    resolveHost: routed.resolveHost,
    vars: { base_url: EVENT_SERVICE_ORIGIN },
    reset: () => events.reset(),
    snapshot: () => ({ events: events.snapshot() }),
  };
}
