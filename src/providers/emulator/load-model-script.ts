import { z } from "zod";
import { readConfigFile } from "../../config/read-config-file.js";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import { type ScriptedTurn, ScriptedTurnSchema } from "../../replay/scenario-schema.js";

/** A script file: the turns as a list, or a scenario's `{ scripted: [...] }`. */
const ModelScriptSchema = z.union([
  z.array(ScriptedTurnSchema).min(1),
  z.object({ scripted: z.array(ScriptedTurnSchema).min(1) }).strict(),
]);

/**
 * The scripted model's turns from a JSON or YAML file (`serve --provider … --script FILE`): a list of
 * `{ calls: [{ tool, args }] }` and `{ answer }` turns, as a scenario's `model.scripted` writes them.
 * @example
 * loadModelScript("script.yaml", { roots: [process.cwd()] }); // [{ calls: [...] }, { answer: "Done." }]
 */
export function loadModelScript(path: string, options: { roots?: readonly string[] } = {}): ScriptedTurn[] {
  const content = readConfigFile(path, options.roots ? { roots: options.roots } : {});
  if (!content.ok) throw new ToolDeckError("load", `${path}: ${content.message}`);
  const parsed = ModelScriptSchema.safeParse(content.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new ToolDeckError("load", `${path}: ${formatZodIssue(issue)}`);
  }
  return Array.isArray(parsed.data) ? parsed.data : parsed.data.scripted;
}
