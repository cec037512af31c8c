import { stringify } from "yaml";
import type { LoadedTool } from "../config/tool-config.js";
import { exampleArgs } from "../lint/probe/example-args.js";
import type { Profile } from "../profile.js";
import { createTool } from "../runtime/create-tools.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import type { ProjectTools } from "./find-project-tools.js";
import type { InitFile } from "./init-files.js";

/**
 * `scenarios/first-call.yaml`: a scripted agent that calls one of the tools once, with the arguments a
 * probe would send, and answers; a read (GET) is chosen when there is one, so that the first run changes
 * nothing. Undefined when no tool can be built (none found, or none that runs on its own).
 */
export async function scenarioFile(found: ProjectTools): Promise<InitFile | undefined> {
  const chosen = await firstCallable(found.tools);
  if (!chosen) return undefined;
  const { tool, executable, profile } = chosen;
  const scenario = {
    name: `first call of ${executable.name}`,
    tools: [`../${tidy(tool.source.file)}`],
    profile,
    ...(found.specs[0] ? { emulator: { spec: `../${found.specs[0]}` } } : {}),
    messages: `Use ${executable.name}.`,
    model: {
      scripted: [
        { calls: [{ tool: executable.name, args: exampleArgs(executable.inputSchema) }] },
        { answer: "Done." },
      ],
    },
    // A first call that fails (a host the platform refuses, a 4xx) fails the scenario, never records as green.
    expect: { calls: [{ tool: executable.name, outcome: "ok" }] },
  };
  const text = `# Written by tooldeck init: a first scenario (docs/scenarios.md). Record its cassette once with
# \`tooldeck run --update\`, commit it, then pin more: status: 200, state, answer.
${stringify(scenario)}`;
  return { path: "scenarios/first-call.yaml", text, what: `a first scenario (${executable.name})` };
}

async function firstCallable(
  tools: readonly LoadedTool[],
): Promise<{ tool: LoadedTool; executable: ExecutableTool; profile: Profile } | undefined> {
  let first: { tool: LoadedTool; executable: ExecutableTool; profile: Profile } | undefined;
  for (const tool of tools) {
    if (tool.config.kind !== "request") continue;
    const profile: Profile = tool.source.format ?? "standard";
    const [executable] = await createTool(tool.config, { profile }).catch(() => []);
    if (!executable) continue;
    if (executable.endpoint?.method === "GET") return { tool, executable, profile };
    first ??= { tool, executable, profile };
  }
  return first;
}

function tidy(file: string): string {
  return file.replace(/^\.\//, "");
}
