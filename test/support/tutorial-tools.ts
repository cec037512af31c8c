import type { RequestToolConfig } from "../../src/config/request-tool-config.js";

/** The tutorial's four request tools (reference/flowise-tools.md section 4), as the runtime gets them. */
const EVENT_FIELDS = {
  name: { type: "string", required: true, description: "Name of the event" },
  date: { type: "string", required: true, description: "Date of the event" },
  location: { type: "string", required: true, description: "Location of the event" },
} as const;

export const getEvents: RequestToolConfig = {
  kind: "request",
  method: "GET",
  name: "get_events",
  description: "Use this when you need to get events",
  url: "{{$vars.base_url}}/events",
  headers: {},
  queryParamsSchema: {
    id: { type: "string", in: "path", description: "ID of the item to get. /:id" },
    limit: { type: "string", in: "query", description: "Limit the number of items to get. ?limit=10" },
  },
  maxOutputLength: 2000,
};

export const createEvent: RequestToolConfig = {
  kind: "request",
  method: "POST",
  name: "create_event",
  description: "Use this when you want to create a new event",
  url: "{{$vars.base_url}}/events",
  headers: {},
  bodySchema: EVENT_FIELDS,
  maxOutputLength: 2000,
};

export const updateEvent: RequestToolConfig = {
  ...createEvent,
  method: "PUT",
  name: "update_event",
  description: "Use this when you want to update an event",
};

export const deleteEvent: RequestToolConfig = {
  kind: "request",
  method: "DELETE",
  name: "delete_event",
  description: "Use this when you need to delete event",
  url: "{{$vars.base_url}}/events",
  headers: {},
  queryParamsSchema: {
    id: { type: "string", in: "path", required: true, description: "ID of the item to delete. /:id" },
  },
  maxOutputLength: 2000,
};

export const NEW_EVENT = { name: "Launch", date: "2024-07-15T10:00:00Z", location: "Berlin" };
