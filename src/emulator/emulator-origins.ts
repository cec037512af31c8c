/** The origin the embedded event service answers on in-process (no socket, no DNS). */
export const EVENT_SERVICE_ORIGIN = "http://events.tooldeck.internal";

/**
 * Where the tutorial and the event API description put the event service. The embedded emulator answers
 * there too, in-process, so a toolkit using the description's server reaches it without a socket.
 */
export const TUTORIAL_EVENT_ORIGINS = ["http://localhost:5566", "http://127.0.0.1:5566"];

/** The origin the embedded Flowise API emulator answers on in-process (routes under `/api/v1`). */
export const FLOWISE_ORIGIN = "http://flowise.tooldeck.internal";
