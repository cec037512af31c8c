import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { packagePath } from "../src/package/package-root.js";
import { SHIPPED_CLI } from "../test/support/built-cli.js";
import { fixedConfigOverTutorialCassette } from "../test/support/failing-update-scenario.js";
import { BROWSER_OUTPUT, type OpenedPage, openInChromium, screenshot } from "./support/chromium.js";

/** The built CLI run from `cwd` (as users run it); its report written to the output folder as `name`. */
function reportOf(name: string, args: readonly string[], cwd = packagePath()): string {
  const ran = spawnSync(process.execPath, [SHIPPED_CLI, ...args], { cwd, encoding: "utf8" });
  if (!ran.stdout.startsWith("<!doctype html>"))
    throw new Error(`tooldeck ${args.join(" ")} exited ${ran.status}: ${ran.stderr}`);
  mkdirSync(BROWSER_OUTPUT, { recursive: true });
  const file = join(BROWSER_OUTPUT, name);
  writeFileSync(file, ran.stdout);
  return file;
}

/** Only the report itself was requested: no script, style, font or image came from anywhere. */
function expectNoNetwork(opened: OpenedPage, file: string) {
  expect(opened.requests).toEqual([`file://${file}`]);
  expect(opened.errors).toEqual([]);
}

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe("the HTML report in Chromium", () => {
  test("npm start's check: the update_event error, its fix, the probe's 404; filters and search work", async () => {
    const file = reportOf("check.html", [
      "check",
      "tools/",
      "--spec",
      "tools/event-api.openapi.yaml",
      "--fail-on",
      "none",
      "--format",
      "html",
    ]);
    opened = await openInChromium(file);
    const { page } = opened;
    await expect(page.title()).resolves.toBe("tooldeck check");
    await expect(page.locator(".summary").innerText()).resolves.toBe(
      "✖ 3 problems (1 error, 2 warnings, 0 infos) in 9 tools (profile standard)",
    );
    const update = page.locator("article", { hasText: "update_event" });
    const error = update.locator('.finding[data-severity="error"]');
    await expect(error.innerText()).resolves.toContain(
      "PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
    );
    await expect(
      error.getByText("fixable with --fix: PATCH {{$vars.base_url}}/events/:id").isVisible(),
    ).resolves.toBe(true);
    // The failing tool's exchange is open: the request it sent, and the 404 it got.
    await expect(
      update.getByText("PUT http://events.tooldeck.internal/events", { exact: true }).isVisible(),
    ).resolves.toBe(true);
    await expect(update.getByText("404 Not Found", { exact: true }).isVisible()).resolves.toBe(true);
    const shot = await screenshot(page, "check");
    expect(shot).toMatch(/test-results\/browser\/check\.png$/);

    const shown = page.locator("#shown");
    await expect(shown.innerText()).resolves.toBe("9 of 9 shown");
    await page.locator("#rule").selectOption("operation-not-found");
    await expect(shown.innerText()).resolves.toBe("1 of 9 shown");
    await expect(update.isVisible()).resolves.toBe(true);
    await page.locator("#rule").selectOption("");
    await page.getByLabel("error (1)").uncheck();
    await expect(shown.innerText()).resolves.toBe("2 of 9 shown");
    await expect(update.isVisible()).resolves.toBe(false);
    await page.getByLabel("error (1)").check();
    await page.locator("#search").fill("delete");
    await expect.poll(() => shown.innerText()).toBe("2 of 9 shown");
    await expect(page.locator("article", { hasText: "delete_event" }).isVisible()).resolves.toBe(true);
    expectNoNetwork(opened, file);
  });

  test.each([
    [1280, 800],
    [800, 700],
  ])(
    "at %i×%i: the header one line, under a tenth of the screen, a tool linked to below it, the counts link to their findings",
    async (width, height) => {
      const file = reportOf(`check-${width}x${height}.html`, [
        "check",
        "tools/",
        "--spec",
        "tools/event-api.openapi.yaml",
        "--fail-on",
        "none",
        "--format",
        "html",
      ]);
      opened = await openInChromium(file);
      const { page } = opened;
      await page.setViewportSize({ width, height });
      const header = page.locator("body > header");
      const headerBox = async () => {
        const box = await header.boundingBox();
        if (!box) throw new Error("the header is not shown");
        return box;
      };
      expect((await headerBox()).height).toBeLessThan(height * 0.1);
      // One line: the summary's box is no taller than its line.
      const summary = page.locator(".summary");
      const lineHeight = await summary.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).lineHeight),
      );
      expect((await summary.boundingBox())?.height).toBeLessThanOrEqual(lineHeight + 1);

      // A tool further down, linked to: its heading below the header, not under it.
      await page.evaluate(() => {
        window.location.hash = "#tool-delete_event";
      });
      const heading = page.locator("#tool-delete_event h3");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const scrolled = await headerBox();
      expect(scrolled.height).toBeLessThan(height * 0.1);
      expect(scrolled.y).toBe(0);
      const top = (await heading.boundingBox())?.y ?? -1;
      expect(top).toBeGreaterThanOrEqual(scrolled.y + scrolled.height);
      expect(top).toBeLessThan(height);
      await screenshot(page, `check-${width}x${height}-linked`);

      // The summary's "2 warnings" shows the warnings only, and jumps to the first, below the header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator(".summary a", { hasText: "2 warnings" }).click();
      await expect.poll(() => page.locator("#shown").innerText()).toBe("2 of 9 shown");
      await expect(page.locator('.finding[data-severity="error"]').isVisible()).resolves.toBe(false);
      const first = (await page.locator("#first-warning").boundingBox())?.y ?? -1;
      expect(first).toBeGreaterThanOrEqual((await headerBox()).height);
      expect(first).toBeLessThan(height);
      expectNoNetwork(opened, file);
    },
  );

  test("a link to a tool the filters hide clears the filters and shows it", async () => {
    const file = reportOf("check-hidden-link.html", [
      "check",
      "tools/",
      "--spec",
      "tools/event-api.openapi.yaml",
      "--fail-on",
      "none",
      "--format",
      "html",
    ]);
    opened = await openInChromium(file);
    const { page } = opened;
    await page.locator("#search").fill("delete");
    await expect.poll(() => page.locator("#shown").innerText()).toBe("2 of 9 shown");
    await page.evaluate(() => {
      window.location.hash = "#tool-update_event";
    });
    await expect.poll(() => page.locator("#shown").innerText()).toBe("9 of 9 shown");
    await expect(page.locator("#tool-update_event").isVisible()).resolves.toBe(true);
    await expect(page.locator("#search").inputValue()).resolves.toBe("");
  });

  test("a failing scenario run: the timeline, and the failing call's diff side by side", async () => {
    const file = reportOf("run.html", [
      "run",
      fixedConfigOverTutorialCassette().file,
      "scenarios/list-events.yaml",
      "--format",
      "html",
    ]);
    opened = await openInChromium(file);
    const { page } = opened;
    await expect(page.locator(".summary").innerText()).resolves.toBe("2 passed, 1 failed");
    const failing = page.locator('article[data-status="failed"]');
    await expect(failing.locator("h3").innerText()).resolves.toContain(
      "update event (tutorial config) [standard]",
    );
    const row = failing.locator("table.diff tr", { hasText: "PUT http://events.tooldeck.internal/events" });
    await expect(row.locator("td.del").innerText()).resolves.toBe(
      "PUT http://events.tooldeck.internal/events",
    );
    await expect(row.locator("td.ins").innerText()).resolves.toBe(
      "PATCH http://events.tooldeck.internal/events/1",
    );
    await expect(failing.locator("td.del", { hasText: "status 404 Not Found" }).isVisible()).resolves.toBe(
      true,
    );
    await expect(failing.locator("td.ins", { hasText: "status 200 OK" }).isVisible()).resolves.toBe(true);
    await expect(failing.locator("li.call.changed > h4").innerText()).resolves.toBe(
      "1. update_event (agent) ok, HTTP 200",
    );
    await screenshot(page, "run");
    // "1 failed" shows the failed scenario only, and jumps to it.
    await page.locator(".summary a", { hasText: "1 failed" }).click();
    await expect(page.locator("#shown").innerText()).resolves.toBe("1 of 3 shown");
    await expect(page.locator("#first-failed").isVisible()).resolves.toBe(true);
    await page.getByLabel("passed (2)").check();

    await page.getByLabel("passed (2)").uncheck();
    await expect(page.locator("#shown").innerText()).resolves.toBe("1 of 3 shown");
    await page.getByLabel("failed (1)").uncheck();
    await expect(failing.isVisible()).resolves.toBe(false);
    expectNoNetwork(opened, file);
  });

  test("an attacker's tool: its <script>, <img onerror> and </script> in JSON show as text and run nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-browser-hostile-"));
    const payload = "<img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>";
    writeFileSync(
      join(dir, "tools.json"),
      JSON.stringify([
        {
          kind: "request",
          method: "GET",
          name: "hostile",
          description: `Use this ${payload}`,
          url: "{{$vars.base_url}}/events",
          queryParamsSchema: {
            q: {
              type: "string",
              in: "query",
              description: "</script><script>document.title='pwned'</script>",
            },
          },
        },
      ]),
    );
    const file = reportOf("hostile.html", ["lint", dir, "--format", "html", "--fail-on", "none"]);
    opened = await openInChromium(file);
    const { page } = opened;
    await page.getByText("What the LLM is given").click();
    await expect(page.getByText(`Use this ${payload}`, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(
      page.locator("pre", { hasText: "</script><script>document.title='pwned'</script>" }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.title()).resolves.toBe("tooldeck lint");
    await expect(page.locator("main img, main script").count()).resolves.toBe(0);
    // The page's own script still ran: the filters work.
    await expect(page.locator("#shown").innerText()).resolves.toBe("1 of 1 shown");
    expectNoNetwork(opened, file);
  });
});
