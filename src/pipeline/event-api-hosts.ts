/**
 * The hosts the embedded event service answers on (src/emulator/emulator-origins.ts: its own origin and
 * the tutorial's), kept here so that matching tools to APIs loads no emulator (`lint` never does);
 * test/pipeline/event-api-hosts.test.ts holds them equal.
 */
export const EVENT_API_HOSTS: readonly string[] = [
  "events.tooldeck.internal",
  "localhost:5566",
  "127.0.0.1:5566",
];

/** The variable the tutorial's tools carry the event service's base URL in: `{{$vars.base_url}}/events`. */
export const EVENT_API_BASE_URL_VAR = "base_url";
