import { existsSync } from "node:fs";
import { join } from "node:path";
import { findProjectTools, type ProjectTools } from "./find-project-tools.js";
import { checkPaths, chosenSpec, type InitFile, settingsFile } from "./init-files.js";
import { scenarioFile } from "./init-scenario.js";
import { workflowFile } from "./init-workflow.js";

/** What `tooldeck init` would write in a folder, and what it found there. */
export interface InitPlan {
  found: ProjectTools;
  files: InitFile[];
  /** `tooldeck check`'s arguments the workflow runs. */
  checkArgs: string[];
}

/**
 * Looks at `dir` (tool configs, Flowise exports, OpenAPI descriptions) and plans tooldeck's files for
 * it: `tooldeck.config.yaml`, a first scenario from the tools, and a GitHub Actions workflow.
 * @example
 * const plan = await planInit(process.cwd(), { version: "0.1.0" });
 */
export async function planInit(dir: string, options: { version: string }): Promise<InitPlan> {
  const found = findProjectTools(dir);
  const spec = chosenSpec(found);
  const checkArgs = [...checkPaths(found), ...(spec ? ["--spec", spec] : [])];
  const scenario = await scenarioFile(found);
  const files = [
    settingsFile(found),
    ...(scenario ? [scenario] : []),
    workflowFile({
      checkArgs,
      scenarios: scenario !== undefined || existsSync(join(dir, "scenarios")),
      version: options.version,
    }),
  ];
  return { found, files, checkArgs };
}
