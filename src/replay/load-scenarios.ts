import { basename, dirname, extname, join, resolve } from "node:path";
import { readConfigFile } from "../config/read-config-file.js";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../format-zod-issue.js";
import type { Scenario } from "./scenario.js";
import { type ScenarioFile, ScenarioSchema } from "./scenario-schema.js";

/**
 * Reads a scenario file (YAML or JSON) into one scenario per profile it names. Paths inside are relative
 * to the file; the default cassette is `cassettes/<file name>.<profile>.cassette.json` next to it.
 * A bad file throws one `load` error naming the file and the path inside it.
 * @example
 * const [scenario] = loadScenarios("scenarios/list-events.yaml");
 * const result = await runScenario(scenario);
 */
export function loadScenarios(file: string, options: { cwd?: string } = {}): Scenario[] {
  const absolute = resolve(options.cwd ?? process.cwd(), file);
  const content = readConfigFile(absolute);
  if (!content.ok) throw new ToolDeckError("load", `${file}: ${content.message}`);
  const parsed = ScenarioSchema.safeParse(content.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolDeckError("load", `${file}: ${issue ? formatZodIssue(issue) : "invalid scenario"}`);
  }
  return expandProfiles(parsed.data, file, dirname(absolute));
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
    return scenario;
  });
}
