// Records fixtures/traffic/browser-capture.har: a real browser (Debian's Chromium, driven by
// playwright-core) loads a page that calls `tooldeck serve`'s event service the way a web app would,
// and Playwright writes what the browser saw as HAR (recordHar). The HAR is committed as a fixture the
// project wrote; test/cli/import-har.test.ts imports it and replays it. Run again after `npm run build`
// when the capture should change: `node scripts/capture-har.js` (needs `apt-get install chromium`).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const har = `${root}fixtures/traffic/browser-capture.har`;
const origin = "http://127.0.0.1:5566";

/** The page: a small events app on the service's own origin (routed by Playwright, so no CORS). */
const PAGE = `<!doctype html><meta charset="utf-8"><title>Events</title><ul id="events"></ul><script>
const json = { "content-type": "application/json" };
// Every answer is read, as an app reads it: the HAR holds the bodies of the answers the page read.
const call = async (path, init) => (await fetch(path, init)).text();
(async () => {
  const events = JSON.parse(await call("/events"));
  document.getElementById("events").innerHTML = events.map((e) => "<li>" + e.name).join("");
  await call("/events/2");
  await call("/events/42");
  await call("/events", { method: "POST", headers: json,
    body: JSON.stringify({ id: "browser-1", name: "Browser Meetup", date: "2024-09-01T18:00:00Z", location: "Online" }) });
  await call("/events/1", { method: "PATCH", headers: json,
    body: JSON.stringify({ name: "Tech Summit 2024", date: "2024-06-15T09:00:00Z", location: "San Francisco, CA" }) });
  await call("/events", { method: "PUT", headers: json, body: JSON.stringify({ name: "Renamed" }) });
  await call("/events/3", { method: "DELETE" });
  await call("/events");
  document.title = "done";
})();
</script>`;

const serve = spawn(
  process.execPath,
  [`${root}dist/cli/tooldeck.js`, "serve", "--only", "events", "--events-port", "5566"],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
try {
  // Read to the end (a stream left unread would fail the server's next line with EPIPE), after "listening".
  await new Promise((resolve, reject) => {
    serve.stdout.on("data", (chunk) => String(chunk).includes("listening on") && resolve());
    serve.once("exit", () => reject(new Error("tooldeck serve stopped (is port 5566 taken?)")));
  });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  const context = await browser.newContext({ recordHar: { path: har, content: "embed" } });
  const page = await context.newPage();
  await page.route(`${origin}/app`, (route) => route.fulfill({ contentType: "text/html", body: PAGE }));
  await page.goto(`${origin}/app`);
  await page.waitForFunction(() => document.title === "done");
  await context.close();
  await browser.close();
  console.log(`wrote ${har}`);
} finally {
  serve.kill("SIGTERM");
  await once(serve, "exit");
}
