import express, { type Request, type Response } from "express";
import { v4 as uuidv4 } from "uuid";

/**
 * The baseline for bench/events-http: the same five routes, statuses and messages as tooldeck's
 * event service, written the usual Express 5 way (express.json, a plain Map).
 */
export function createExpressEventApp(seed: { id: string; name: string; date: string; location: string }[]) {
  const events = new Map(seed.map((event) => [event.id, { ...event }]));
  const dateFormat = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z?$/;
  const validate = (body: Record<string, unknown>): string | undefined => {
    const missing = ["name", "date", "location"].filter((field) => body[field] == null || body[field] === "");
    if (missing.length) return `Missing required fields: ${missing.join(", ")}`;
    if (!dateFormat.test(String(body.date))) return "Date must be in ISO 8601 format (YYYY-MM-DDTHH:mm:ssZ)";
    return undefined;
  };
  const app = express();
  app.use(express.json({ limit: "1mb" }));
  app.get("/events", (_req: Request, res: Response) => {
    res.json([...events.values()]);
  });
  app.get("/events/:id", (req: Request<{ id: string }>, res: Response) => {
    const event = events.get(req.params.id);
    if (event) res.json(event);
    else res.status(404).json({ error: "Event not found" });
  });
  app.post("/events", (req: Request, res: Response) => {
    const body = req.body ?? {};
    const error = validate(body);
    if (error) return void res.status(400).json({ error });
    const event = { id: body.id || uuidv4(), name: body.name, date: body.date, location: body.location };
    events.set(event.id, event);
    res.status(201).json(event);
  });
  app.patch("/events/:id", (req: Request<{ id: string }>, res: Response) => {
    if (!events.has(req.params.id)) return void res.status(404).json({ error: "Event not found" });
    const error = validate(req.body ?? {});
    if (error) return void res.status(400).json({ error });
    const event = {
      id: req.params.id,
      name: req.body.name,
      date: req.body.date,
      location: req.body.location,
    };
    events.set(event.id, event);
    res.json(event);
  });
  app.delete("/events/:id", (req: Request<{ id: string }>, res: Response) => {
    if (!events.delete(req.params.id)) return void res.status(404).json({ error: "Event not found" });
    res.status(204).end();
  });
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: "Endpoint not found" });
  });
  return app;
}
