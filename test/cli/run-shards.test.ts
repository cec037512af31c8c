import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { SHIPPED_CLI } from "../support/built-cli.js";
import { fixedConfigOverTutorialCassette } from "../support/failing-update-scenario.js";
import { tooldeck } from "../support/run-tooldeck.js";

/** A folder for reports, as a CI job downloads its shards' artifacts. */
function reportsFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-shards-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** The built CLI, as CI runs it: worker threads need tsc's or the bundle's .js files. */
function shipped(...args: string[]) {
  const ran = spawnSync(process.execPath, [SHIPPED_CLI, ...args], { cwd: packagePath(), encoding: "utf8" });
  return { exit: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

describe("run --shard i/n", () => {
  test("the shards' scenarios together are the unsharded run's, and merged their report is the same", async () => {
    const whole = await tooldeck("run", "--format", "json");
    expect(whole.exit).toBe(0);
    const shards = await Promise.all(
      [1, 2, 3].map((i) => tooldeck("run", "--shard", `${i}/3`, "--format", "json")),
    );
    const names = (report: string) =>
      (JSON.parse(report).scenarios as { file: string; name: string; profile: string }[]).map(
        (scenario) => `${scenario.file} ${scenario.name} [${scenario.profile}]`,
      );
    expect(shards.flatMap((shard) => names(shard.stdout)).sort()).toEqual(names(whole.stdout).sort());
    for (const shard of shards) expect(names(shard.stdout).length).toBeGreaterThan(0);
    const dir = reportsFolder(
      Object.fromEntries(shards.map((shard, i) => [`shard-${i + 1}.json`, shard.stdout])),
    );
    const merged = await tooldeck("merge-reports", ...[1, 2, 3].map((i) => join(dir, `shard-${i}.json`)));
    expect(merged.exit).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    expect(merged.stderr).toBe("13 passed, 0 failed\n");
  });

  test("JUnit shards merge into the unsharded run's JUnit", async () => {
    const whole = await tooldeck("run", "--format", "junit");
    const shards = await Promise.all(
      [1, 2].map((i) => tooldeck("run", "--shard", `${i}/2`, "--format", "junit")),
    );
    const dir = reportsFolder({ "a.xml": shards[0]?.stdout ?? "", "b.xml": shards[1]?.stdout ?? "" });
    const merged = await tooldeck("merge-reports", join(dir, "b.xml"), join(dir, "a.xml"));
    expect(merged.exit).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
  });

  test("a failing shard: merged, the report fails, with the diff; as html too", async () => {
    const { file } = fixedConfigOverTutorialCassette();
    const failing = await tooldeck("run", file, "--format", "json");
    const passing = await tooldeck("run", "scenarios/list-events.yaml", "--format", "json");
    const dir = reportsFolder({ "1.json": failing.stdout, "2.json": passing.stdout });
    const merged = await tooldeck(
      "merge-reports",
      join(dir, "1.json"),
      join(dir, "2.json"),
      "--format",
      "text",
    );
    expect(merged.exit).toBe(1);
    expect(merged.stdout).toContain("      - PUT http://events.tooldeck.internal/events\n");
    expect(merged.stdout.endsWith("\n2 passed, 1 failed\n")).toBe(true);
    const html = await tooldeck(
      "merge-reports",
      join(dir, "1.json"),
      join(dir, "2.json"),
      "--format",
      "html",
    );
    expect(html.exit).toBe(1);
    expect(html.stdout).toContain('<td class="del">PUT http://events.tooldeck.internal/events</td>');
  });

  test("a shard with no scenario file passes with none", async () => {
    const { exit, stdout } = await tooldeck("run", "scenarios/list-events.yaml", "--shard", "2/2");
    expect(exit).toBe(0);
    expect(stdout).toBe("\n0 passed, 0 failed\n");
  });

  test.each([
    [["--shard", "0/3"], "tooldeck run: --shard must be i/n with 1 ≤ i ≤ n (e.g. 2/4), got '0/3'\n"],
    [["--shard", "4/3"], "tooldeck run: --shard must be i/n with 1 ≤ i ≤ n (e.g. 2/4), got '4/3'\n"],
    [["--jobs", "0"], "tooldeck run: --jobs must be a whole number of workers, 1 or more, got '0'\n"],
    [["--jobs", "two"], "tooldeck run: --jobs must be a whole number of workers, 1 or more, got 'two'\n"],
  ])("%j: one line, exit 2", async (flags, message) => {
    const { exit, stderr } = await tooldeck("run", ...flags);
    expect(exit).toBe(2);
    expect(stderr).toBe(message);
  });
});

describe("run --jobs N", () => {
  test("--jobs 2 gives the same report as --jobs 1, text and json, a failure and a broken file among them", () => {
    const { file } = fixedConfigOverTutorialCassette();
    const broken = join(reportsFolder({ "broken.yaml": "name: x\n" }), "broken.yaml");
    for (const format of ["json", "text"]) {
      const args = ["run", "scenarios/", file, broken, "--format", format];
      const one = shipped(...args, "--jobs", "1");
      const two = shipped(...args, "--jobs", "2");
      expect(one.exit).toBe(2);
      expect(two.exit).toBe(2);
      expect(two.stdout).toBe(one.stdout);
      expect(two.stderr).toBe(one.stderr);
    }
  });
});

describe("run --jobs N, a description that cannot be read", () => {
  test("stops the run at once, with its one line: the workers started are ended", () => {
    const { exit, stdout, stderr } = shipped("run", "--jobs", "2", "--spec", "nowhere.yaml");
    expect(exit).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^tooldeck run: nowhere\.yaml: .+\n$/);
  });
});

describe("merge-reports", () => {
  const json = () => tooldeck("run", "scenarios/list-events.yaml", "--format", "json");
  const junit = () => tooldeck("run", "scenarios/list-events.yaml", "--format", "junit");

  test("reports of two formats, JUnit as html, and no report at all are usage errors", async () => {
    const dir = reportsFolder({ "a.json": (await json()).stdout, "b.xml": (await junit()).stdout });
    const mixed = await tooldeck("merge-reports", join(dir, "a.json"), join(dir, "b.xml"));
    expect(mixed.exit).toBe(2);
    expect(mixed.stderr).toBe(
      `tooldeck merge-reports: ${join(dir, "b.xml")} is JUnit and ${join(dir, "a.json")} is JSON: merge reports of one format\n`,
    );
    const html = await tooldeck("merge-reports", join(dir, "b.xml"), "--format", "html");
    expect(html.stderr).toBe(
      "tooldeck merge-reports: JUnit reports carry no calls: they merge as --format junit only (merge the run --format json reports for html)\n",
    );
    const none = await tooldeck("merge-reports");
    expect(none.stderr).toBe(
      "tooldeck merge-reports: name the reports to merge (run --format json or --format junit)\n",
    );
  });

  test.each([
    [
      "not.json",
      '{"passed":1,"failed":0}',
      "not a run report: scenarios: expected array, received undefined",
    ],
    ["text.txt", "12 passed, 0 failed", "not a run report: neither run --format json nor --format junit"],
    [
      "doctype.xml",
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><testsuites/>',
      "a JUnit report with a DOCTYPE is not one tooldeck wrote",
    ],
    ["other.xml", "<report/>", "not a JUnit report: no <testsuites><testsuite>"],
  ])("%s: one line naming the file, exit 2", async (name, text, message) => {
    const dir = reportsFolder({ [name]: text });
    const { exit, stderr } = await tooldeck("merge-reports", join(dir, name));
    expect(exit).toBe(2);
    expect(stderr).toBe(`tooldeck merge-reports: ${join(dir, name)}: ${message}\n`);
  });
});
