import { z } from "zod";
import { loadJsonFile } from "../../json/load-json-file.js";
import { packagePath } from "../../package/package-root.js";

/** An event of the event service (spec section 2, "Event"). */
export const EventSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  date: z.string(),
  location: z.string(),
});

/** One event of the event service: id, name, date and location. */
export type Event = z.infer<typeof EventSchema>;

export const EventSeedSchema = z.array(EventSchema);

/** The tutorial's five events, from `seeds/events.json` (or another seed file). */
export function loadEventSeed(path = packagePath("seeds", "events.json")): Event[] {
  return loadJsonFile(path, EventSeedSchema);
}
