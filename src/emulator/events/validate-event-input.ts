/** The fields POST and PATCH require, in the order the spec lists missing ones. */
const REQUIRED_FIELDS = ["name", "date", "location"] as const;

/** Spec section 4 rule 2: `YYYY-MM-DDTHH:mm:ss`, optional `.mmm`, optional `Z`; nothing else. */
const EVENT_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z?$/;

export interface EventInput {
  name: string;
  date: string;
  location: string;
  /** Only on POST: the id the client chose; empty means "generate one". */
  id?: string;
}

export type EventInputCheck = { ok: true; input: EventInput } | { ok: false; error: string };

/**
 * Validates a POST or PATCH body in the spec's order: missing fields (absent, null or ""), then
 * non-string fields (our rule where the spec is silent; a present `id` must be a string, as the
 * description types it), then the date format.
 */
export function validateEventInput(
  body: Record<string, unknown>,
  options: { acceptId: boolean },
): EventInputCheck {
  const missing = REQUIRED_FIELDS.filter((field) => isMissing(body[field]));
  if (missing.length > 0) return { ok: false, error: `Missing required fields: ${missing.join(", ")}` };

  // The description types `id` as a string: `null` or `{}` is refused like any other non-string,
  // on PATCH too, where a string id is ignored (the path names the event).
  const notStrings: string[] = REQUIRED_FIELDS.filter(
    (field) => body[field] != null && typeof body[field] !== "string",
  );
  if ("id" in body && typeof body.id !== "string") notStrings.push("id");
  if (notStrings.length > 0) return { ok: false, error: `Fields must be strings: ${notStrings.join(", ")}` };

  const { name, date, location, id } = body as Record<string, string>;
  if (!EVENT_DATE.test(date as string)) {
    return { ok: false, error: "Date must be in ISO 8601 format (YYYY-MM-DDTHH:mm:ssZ)" };
  }
  const input: EventInput = { name: name as string, date: date as string, location: location as string };
  if (options.acceptId && id) input.id = id;
  return { ok: true, input };
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}
