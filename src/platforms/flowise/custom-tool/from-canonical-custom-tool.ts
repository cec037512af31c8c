import { z } from "zod";
import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { reportZodIssues } from "../../../config/report-zod-issues.js";
import {
  type CustomToolConfig,
  CustomToolConfigSchema,
  CustomToolSchemaRowSchema,
} from "./custom-tool-config.js";

/**
 * tooldeck's format of a Custom Tool: Flowise's tool row with the code inline (`code`) or in a file beside
 * the config (`codeFile`). Strict, as every tools/ file: an unknown key is a typo worth an error. A schema
 * row may keep the grid's `id`, as Flowise's rows do.
 */
const CanonicalCustomToolSchema = z
  .object({
    kind: z.literal("custom-tool"),
    name: z.string(),
    description: z.string().default(""),
    schema: z
      .array(CustomToolSchemaRowSchema.extend({ id: z.union([z.number(), z.string()]).optional() }).strict())
      .default([]),
    code: z.string().optional(),
    codeFile: z.string().min(1).optional(),
    caller: CustomToolConfigSchema.shape.caller,
    returnDirect: z.boolean().optional(),
  })
  .strict();

/**
 * A `kind: custom-tool` config, validated, its `codeFile` read (relative to the config file, inside the
 * project's roots like every file a config names); undefined, with errors in `sink`, when invalid.
 */
export function fromCanonicalCustomTool(
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): CustomToolConfig | undefined {
  const parsed = CanonicalCustomToolSchema.safeParse(value);
  if (!parsed.success) {
    reportZodIssues(parsed.error, path, sink.error);
    return undefined;
  }
  const { code, codeFile, schema, ...rest } = parsed.data;
  const func = codeOf(code, codeFile, path, sink);
  if (func === undefined) return undefined;
  const rows = schema.map(({ id: _gridId, ...row }) => row);
  return { ...rest, schema: rows, func };
}

function codeOf(
  code: string | undefined,
  codeFile: string | undefined,
  path: string,
  sink: LoadSink,
): string | undefined {
  if ((code === undefined) === (codeFile === undefined)) {
    sink.error(path, "expected exactly one of code (the function body) and codeFile (a file holding it)");
    return undefined;
  }
  if (code !== undefined) return code;
  const where = joinPath(path, "codeFile");
  if (!sink.readNamedFile) {
    sink.error(where, "a codeFile is read only beside a config file; give the function body as code");
    return undefined;
  }
  const read = sink.readNamedFile(codeFile as string);
  if (read.ok) return read.text;
  sink.error(where, read.message);
  return undefined;
}
