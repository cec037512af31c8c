import type { RequestToolConfig } from "../../src/config/request-tool-config.js";

/** The body fields of create_event and update_event (reference/flowise-tools.md section 4). */
const EVENT_FIELDS = {
  name: { type: "string", required: true, description: "Name of the event" },
  date: { type: "string", required: true, description: "Date of the event" },
  location: { type: "string", required: true, description: "Location of the event" },
} as const;

/** The tutorial's four request tools (reference section 4) at `url`, as the config model holds them. */
export function tutorialTools(
  url: string,
): [RequestToolConfig, RequestToolConfig, RequestToolConfig, RequestToolConfig] {
  const common = { kind: "request", url, headers: {}, maxOutputLength: 2000 } as const;
  return [
    {
      ...common,
      method: "GET",
      name: "get_events",
      description: "Use this when you need to get events",
      queryParamsSchema: {
        id: { type: "string", in: "path", description: "ID of the item to get. /:id" },
        limit: { type: "string", in: "query", description: "Limit the number of items to get. ?limit=10" },
      },
    },
    {
      ...common,
      method: "POST",
      name: "create_event",
      description: "Use this when you want to create a new event",
      bodySchema: EVENT_FIELDS,
    },
    {
      ...common,
      method: "PUT",
      name: "update_event",
      description: "Use this when you want to update an event",
      bodySchema: EVENT_FIELDS,
    },
    {
      ...common,
      method: "DELETE",
      name: "delete_event",
      description: "Use this when you need to delete event",
      queryParamsSchema: {
        id: { type: "string", in: "path", required: true, description: "ID of the item to delete. /:id" },
      },
    },
  ];
}

/**
 * The tutorial's tools as an Agentflow V2 Agent node holds them, get_events first: only its URL
 * resolves Flowise variables.
 */
export function tutorialToolsInAgentflow(url: string): RequestToolConfig[] {
  return tutorialTools(url).map((config) => ({
    ...config,
    flowiseVariables: { flow: "agentflow", resolved: config.method === "GET" ? ["url"] : [] },
  }));
}

export const [getEvents, createEvent, updateEvent, deleteEvent] = tutorialTools("{{$vars.base_url}}/events");

export const NEW_EVENT = { name: "Launch", date: "2024-07-15T10:00:00Z", location: "Berlin" };
