import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium, as `.ci/run` installs it (`apt-get install -y chromium`). */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * Flags for a headless Chromium that asks nothing of the network itself (no background updates,
 * component downloads, sync or QUIC probes): every request it makes is one a page made.
 */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Debian's Chromium, headless, with a new, empty profile (its own `--user-data-dir`, which Playwright
 * passes for a persistent context). The HTML report's browser tests and its bench both start it so.
 */
export function launchChromium(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "tooldeck-chromium-")), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
}
