import { randomBytes } from "node:crypto";
import { addToGroup } from "../json/group-by.js";
import type { FetchLike } from "../net/fetch-like.js";
import type { ResolveHost } from "../net/resolve-host.js";
import { createEmulatorFetch } from "./emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN, FLOWISE_ORIGIN, TUTORIAL_EVENT_ORIGINS } from "./emulator-origins.js";
import type { Event } from "./events/event.js";
import { createEventService, type EventService, type EventServiceOptions } from "./events/event-service.js";
import type { FlowiseEmulator, FlowiseEmulatorOptions, FlowiseSnapshot } from "./flowise/flowise-emulator.js";
import type { FetchHandler } from "./serve.js";
import type { SpecEmulator } from "./spec/spec-emulator.js";

/** The options of each embedded emulator, spec emulators beside them, and where other origins go. */
export interface EmulatorOptions {
  events?: EventServiceOptions;
  /** The Flowise emulator's options; its API key defaults to a fresh one, in `vars.flowise_api_key`. */
  flowise?: FlowiseEmulatorOptions;
  /**
   * Spec emulators (`createSpecEmulator`), each answering in-process on its spec's first server origin
   * (`https://petstore.example/v2` → `https://petstore.example`), beside the event service and the
   * Flowise emulator; an origin the embedded emulators already answer on stays theirs. Several specs
   * on one origin are told apart by their base paths.
   */
  specs?: readonly SpecEmulator[];
  /** Where requests to other origins go; default the global fetch. */
  fallback?: FetchLike;
}

/** The embedded emulators behind one in-process `fetch`, and the variables that point tools at them. */
export interface Emulator {
  events: EventService;
  /**
   * The Flowise API emulator, loaded and built on first use: its document stores bring in LangChain,
   * which a caller of the event service alone should not pay for at start-up.
   */
  flowise(): Promise<FlowiseEmulator>;
  fetch: FetchLike;
  resolveHost: ResolveHost;
  /**
   * `base_url` (the event service), `flowise_url` and `flowise_api_key` (the Flowise API), for
   * `{{$vars.…}}` in tool URLs and headers.
   */
  vars: Record<string, string>;
  reset(): void;
  /**
   * The events, the Flowise emulator's chatflows and document stores once it has been used, and each
   * spec emulator's collections by path (`/pets`).
   */
  snapshot(): { events: Event[] } & Partial<FlowiseSnapshot> & Record<string, unknown>;
}

/**
 * Every embedded emulator behind one `fetch`: tools whose URLs use `{{$vars.base_url}}` (or the tutorial's
 * http://localhost:5566) reach the event service in-process, with no socket, and `{{$vars.flowise_url}}`
 * the Flowise API (with `Authorization: Bearer {{$vars.flowise_api_key}}`); any other URL goes over the
 * network.
 * @example
 * const emulator = createEmulator();
 * const tools = createTools(configs, { fetch: emulator.fetch, vars: emulator.vars });
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const events = createEventService(options.events);
  const apiKey = randomBytes(32).toString("base64url");
  let built: FlowiseEmulator | undefined;
  let loading: Promise<FlowiseEmulator> | undefined;
  const flowise = () => {
    loading ??= import("./flowise/flowise-emulator.js").then(({ createFlowiseEmulator }) => {
      built = createFlowiseEmulator({ apiKeys: [apiKey], ...options.flowise });
      return built;
    });
    return loading;
  };
  const routes: Record<string, FetchHandler> = Object.fromEntries(
    [EVENT_SERVICE_ORIGIN, ...TUTORIAL_EVENT_ORIGINS].map((origin) => [origin, events.fetch]),
  );
  routes[FLOWISE_ORIGIN] = async (request: Request) => {
    const emulator = await flowise();
    // After a reset the seed document stores are upserted again before the next request is answered.
    await emulator.ready();
    return emulator.fetch(request);
  };
  for (const [origin, handler] of specRoutes(options.specs ?? [])) routes[origin] ??= handler;
  const routed = createEmulatorFetch(routes, options.fallback);
  return {
    events,
    flowise,
    fetch: routed.fetch,
    resolveHost: routed.resolveHost,
    vars: { base_url: EVENT_SERVICE_ORIGIN, flowise_url: FLOWISE_ORIGIN, flowise_api_key: apiKey },
    reset: () => {
      events.reset();
      built?.reset();
      for (const spec of options.specs ?? []) spec.reset();
    },
    snapshot: () => ({
      events: events.snapshot(),
      ...built?.snapshot(),
      ...Object.assign({}, ...(options.specs ?? []).map((spec) => spec.snapshot())),
    }),
  };
}

/** One handler per spec server origin; specs sharing an origin are chosen by base path, longest first. */
function specRoutes(specs: readonly SpecEmulator[]): Map<string, FetchHandler> {
  const byOrigin = new Map<string, SpecEmulator[]>();
  for (const spec of specs) {
    const { origin } = spec.server;
    if (origin === undefined) continue;
    addToGroup(byOrigin, origin, spec);
  }
  const routes = new Map<string, FetchHandler>();
  for (const [origin, sharing] of byOrigin) {
    const longestFirst = [...sharing].sort((a, b) => b.server.basePath.length - a.server.basePath.length);
    routes.set(origin, (request) => {
      const path = new URL(request.url).pathname;
      const spec =
        longestFirst.find(
          ({ server }) => path === server.basePath || path.startsWith(`${server.basePath}/`),
        ) ?? (longestFirst[0] as SpecEmulator);
      return spec.fetch(request);
    });
  }
  return routes;
}
