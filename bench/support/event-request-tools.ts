import type { RequestToolConfig } from "../../src/config/request-tool-config.js";

/** The event the POST benches create. */
export const NEW_EVENT = { name: "Bench", date: "2025-01-02T03:04:05Z", location: "Loopback" };

/** The tutorial's get_events (GET /events/:id) and create_event (POST /events), as the benches call them. */
export const GET_TOOL: RequestToolConfig = {
  kind: "request",
  method: "GET",
  name: "get_events",
  description: "Use this when you need to get events",
  url: "{{$vars.base_url}}/events",
  headers: {},
  queryParamsSchema: { id: { type: "string", in: "path" } },
};

export const POST_TOOL: RequestToolConfig = {
  kind: "request",
  method: "POST",
  name: "create_event",
  description: "Use this when you want to create a new event",
  url: "{{$vars.base_url}}/events",
  headers: {},
  bodySchema: {
    name: { type: "string", required: true },
    date: { type: "string", required: true },
    location: { type: "string", required: true },
  },
};
