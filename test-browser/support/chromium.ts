import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { CHROMIUM, launchChromium } from "../../bench/support/headless-chromium.js";
import { packagePath } from "../../src/package/package-root.js";

/** Where the browser tests write what they saw: screenshots, the reports they opened (gitignored). */
export const BROWSER_OUTPUT = packagePath("test-results", "browser");

/** What `npm run test:browser` says, and fails with, when Chromium is not installed. */
export function missingChromium(): string | undefined {
  return existsSync(CHROMIUM)
    ? undefined
    : `npm run test:browser needs Debian's chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it); npm test needs nothing outside the repository`;
}

/** A page of a fresh headless Chromium, with every request it made and every error it logged. */
export interface OpenedPage {
  page: Page;
  /** Every URL the page requested, the document's own included. */
  requests: string[];
  /** Console errors (a blocked load, a policy violation) and uncaught script errors. */
  errors: string[];
  close: () => Promise<void>;
}

/** Starts Chromium (`launchChromium`), opens `file` and waits for it to load. */
export async function openInChromium(file: string): Promise<OpenedPage> {
  const context = await launchChromium();
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => void requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => void errors.push(error.message));
  await page.goto(`file://${file}`, { waitUntil: "load" });
  return { page, requests, errors, close: () => context.close() };
}

/** A screenshot of the whole page under the browser tests' output folder; its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(BROWSER_OUTPUT, { recursive: true });
  const path = join(BROWSER_OUTPUT, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
