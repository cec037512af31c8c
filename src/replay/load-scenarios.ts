import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, extname, join, relative, resolve } from "node:path";
import { readConfigFile } from "../config/read-config-file.js";
import { resolveFlowName } from "../config/tool-flow.js";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../json/format-zod-issue.js";
import { confineNamedPath } from "../project-files/named-path.js";
import { isInsideRoots, projectRoot, realRoots } from "../project-files/project-root.js";
import type { Scenario } from "./scenario.js";
import { type ScenarioFile, ScenarioSchema } from "./scenario-schema.js";

/** Options of `loadScenarios`. */
export interface LoadScenariosOptions {
  /** Folder the file name is relative to; default the working directory. */
  cwd?: string;
  /**
   * Folders the scenario's tools must be inside besides its own repository (docs/security.md); default
   * the repository of `cwd`.
   */
  roots?: readonly string[];
}

/**
 * Reads a scenario file (YAML or JSON) into one scenario per profile it names. Paths inside are relative
 * to the file; the default cassette is `cassettes/<file name>.<profile>.cassette.json` next to it.
 * A bad file throws one `load` error naming the file and the path inside it.
 * @example
 * const [scenario] = loadScenarios("scenarios/list-events.yaml");
 * const result = await runScenario(scenario);
 */
export function loadScenarios(file: string, options: LoadScenariosOptions = {}): Scenario[] {
  const cwd = options.cwd ?? process.cwd();
  const absolute = resolve(cwd, file);
  const given = options.roots ?? [projectRoot(options.cwd)];
  // Its own repository is a root below: the way to it must not leave the project through a symlink.
  confineNamedPath(file, given, cwd);
  const content = readConfigFile(absolute);
  if (!content.ok) throw new ToolDeckError("load", `${file}: ${content.message}`);
  const parsed = ScenarioSchema.safeParse(content.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolDeckError("load", `${file}: ${issue ? formatZodIssue(issue) : "invalid scenario"}`);
  }
  const scenarios = expandProfiles(parsed.data, file, dirname(absolute));
  const project = realRoots([...given, projectRoot(dirname(absolute))]);
  for (const scenario of scenarios) confine(scenario, dirname(absolute), project, parsed.data.cassette);
  return scenarios;
}

/**
 * A scenario is a repository file like any config (docs/security.md): its tools and emulator files must be in the project
 * (the working directory's or its own), and its cassette, which `--update` writes, inside its own folder.
 */
function confine(
  scenario: Scenario,
  dir: string,
  project: readonly string[],
  written: string | undefined,
): void {
  const files: [field: string, path: string][] = [
    ...scenario.tools
      .filter((tools) => typeof tools === "string")
      .map((tools): [string, string] => ["tools", tools]),
    ...Object.entries(scenario.emulator ?? {}).map(([key, path]): [string, string] => [
      `emulator.${key}`,
      path,
    ]),
  ];
  for (const [field, path] of files) {
    if (!existsSync(path)) continue;
    if (!isInsideRoots(realpathSync(path), project)) {
      throw new ToolDeckError(
        "load",
        `${scenario.file}: ${field} "${relative(dir, path)}" is outside the project (${project.join(", ")}); widen it with --root`,
      );
    }
  }
  if (scenario.cassette === undefined) return;
  const real = realPathToWrite(scenario.cassette);
  if (real === undefined || !isInsideRoots(real, realRoots([dir]))) {
    throw new ToolDeckError(
      "load",
      `${scenario.file}: cassette "${written ?? relative(dir, scenario.cassette)}" is outside the scenario's folder`,
    );
  }
}

/** More links than this in one path is a loop (Linux's own limit is 40). */
const MAX_LINKS = 40;

/**
 * Where writing `path` really lands: its real path, or for a file not there yet the real path of its
 * nearest existing folder with the rest appended. A dangling symlink is followed to its target, since
 * writing through it creates the target (`c.json → ~/.ssh/authorized_keys`). Undefined for a loop.
 */
function realPathToWrite(path: string, links = 0): string | undefined {
  if (links > MAX_LINKS) return undefined;
  try {
    return realpathSync(path);
  } catch {
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
      return realPathToWrite(resolve(dirname(path), readlinkSync(path)), links + 1);
    }
    const parent = dirname(path);
    if (parent === path) return path;
    const realParent = realPathToWrite(parent, links + 1);
    return realParent === undefined ? undefined : join(realParent, basename(path));
  }
}

function expandProfiles(data: ScenarioFile, file: string, dir: string): Scenario[] {
  const profiles = Array.isArray(data.profile) ? data.profile : [data.profile];
  const stem = basename(file, extname(file));
  const name = data.name ?? stem;
  return profiles.map((profile) => {
    const cassette = data.cassette
      ? resolve(
          dir,
          profiles.length > 1 ? data.cassette.replace(/(\.json)?$/, `.${profile}.json`) : data.cassette,
        )
      : join(dir, "cassettes", `${stem}.${profile}.cassette.json`);
    const scenario: Scenario = {
      name,
      file,
      profile,
      tools: data.tools.map((path) => resolve(dir, path)),
      vars: data.vars,
      now: new Date(data.now),
      messages: typeof data.messages === "string" ? [data.messages] : data.messages,
      model: data.model,
      before: data.before,
      after: data.after,
      cassette,
      expect: data.expect,
    };
    if (data.system !== undefined) scenario.system = data.system;
    if (data.providerState !== undefined)
      scenario.providerStates =
        typeof data.providerState === "string" ? [data.providerState] : data.providerState;
    if (data.flow !== undefined) scenario.flow = resolveFlowName(dir, data.flow);
    if (data.emulator && "traffic" in data.emulator)
      scenario.emulator = { traffic: resolve(dir, data.emulator.traffic) };
    else if (data.emulator) {
      const { spec, seed } = data.emulator;
      scenario.emulator = { spec: resolve(dir, spec), ...(seed ? { seed: resolve(dir, seed) } : {}) };
    }
    return scenario;
  });
}
