import { Hono } from "hono";
import { v4 as uuidv4 } from "uuid";
import { isClientGone } from "../client-gone.js";
import { TOO_DEEP_MESSAGE } from "../json-depth.js";
import { type JsonObjectRead, readJsonObject } from "../read-json-object.js";
import { emptyResponse, jsonResponse } from "../status-text.js";
import { type Event, loadEventSeed } from "./event.js";
import { createMemoryEventStore, type EventStore } from "./event-store.js";
import { isAddressableId } from "./is-addressable-id.js";
import { validateEventInput } from "./validate-event-input.js";

/** Our limit where the spec is silent (section 8): larger bodies get 413. */
export const EVENT_BODY_LIMIT_BYTES = 1024 * 1024;

/** The event service's seed, id generator, store and error log. */
export interface EventServiceOptions {
  /** The events the service starts with (and returns to on `reset()`); default `seeds/events.json`. */
  seed?: readonly Event[];
  /** Id of an event created without one; default a v4 UUID. */
  randomId?: () => string;
  /** Where events live; default in memory. */
  store?: EventStore;
  /** Where the cause of a 500 is reported; default stderr. */
  logError?: (error: unknown) => void;
}

/** The event service: its fetch handler, and its state to reset or read. */
export interface EventService {
  /** Answers one HTTP request, in-process: the same handler `serve()` puts on a socket. */
  fetch(request: Request): Promise<Response>;
  /** Back to the seed. */
  reset(): void;
  /** A copy of the events, in creation order. */
  snapshot(): Event[];
}

/**
 * The event-management service of the spec (area A): five preloaded events, CRUD over JSON, the
 * spec's exact statuses and `{"error": …}` messages.
 * @example
 * const events = createEventService();
 * const response = await events.fetch(new Request("http://events.local/events/1"));
 */
export function createEventService(options: EventServiceOptions = {}): EventService {
  const seed = options.seed ?? loadEventSeed();
  const store = options.store ?? createMemoryEventStore();
  const randomId = options.randomId ?? uuidv4;
  const logError = options.logError ?? ((error) => console.error("event service: unhandled error:", error));
  store.replaceAll(seed);

  const app = new Hono({ strict: false });

  app.get("/events", () => jsonResponse(store.list()));
  app.get("/events/:id", (c) => {
    const event = store.get(c.req.param("id"));
    return event ? jsonResponse(event) : fail(404, "Event not found");
  });
  app.post("/events", async (c) => {
    const body = await readJsonObject(c, EVENT_BODY_LIMIT_BYTES);
    if (!body.ok) return failBody(body);
    const check = validateEventInput(body.value, { acceptId: true });
    if (!check.ok) return fail(400, check.error);
    const { id, name, date, location } = check.input;
    if (id !== undefined && !isAddressableId(id)) return fail(400, "Invalid id");
    if (id && store.has(id)) return fail(409, "Event already exists");
    const event: Event = { id: id ?? randomId(), name, date, location };
    store.put(event);
    return jsonResponse(event, 201);
  });
  app.patch("/events/:id", async (c) => {
    const existing = store.get(c.req.param("id"));
    if (!existing) return fail(404, "Event not found");
    const body = await readJsonObject(c, EVENT_BODY_LIMIT_BYTES);
    if (!body.ok) return failBody(body);
    const check = validateEventInput(body.value, { acceptId: false });
    if (!check.ok) return fail(400, check.error);
    // A DELETE may have landed while the body arrived: writing now would bring the event back.
    if (!store.has(existing.id)) return fail(404, "Event not found");
    const { name, date, location } = check.input;
    const updated: Event = { id: existing.id, name, date, location };
    store.put(updated);
    return jsonResponse(updated);
  });
  app.delete("/events/:id", (c) => {
    if (!store.delete(c.req.param("id"))) return fail(404, "Event not found");
    return emptyResponse(204);
  });
  app.notFound(() => fail(404, "Endpoint not found"));
  app.onError((error, c) => {
    if (!isClientGone(c.req.raw)) logError(error);
    return fail(500, "Something went wrong!");
  });

  return {
    fetch: async (request) => app.fetch(request),
    reset: () => store.replaceAll(seed),
    snapshot: () => store.list().map((event) => ({ ...event })),
  };
}

function failBody(read: Extract<JsonObjectRead, { ok: false }>): Response {
  if (read.reason === "too-large") return fail(413, "Request body too large");
  if (read.reason === "too-deep") return fail(400, TOO_DEEP_MESSAGE);
  return fail(400, "Request body must be valid JSON");
}

function fail(status: 400 | 404 | 409 | 413 | 500, error: string): Response {
  return jsonResponse({ error }, status);
}
