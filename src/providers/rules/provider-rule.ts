import type { WireTool } from "../wire-tool.js";
import { type SchemaNode, walkSchema } from "./schema-walk.js";

/** What a rule found: the provider's text and where, as `ProviderViolation` says it without the provider. */
export interface RuleFinding {
  message: string;
  /** Where in the request body: `tools[3].function.parameters.properties.q`. */
  path: string;
  tool?: number;
}

/**
 * One rule of a provider profile: what the provider refuses, in its own words, where that is written,
 * and when tooldeck last confirmed it (rules change: Anthropic's names went from 64 to 128 characters).
 */
export interface ProviderRule {
  /** `openai/name-pattern`. */
  id: string;
  /** One line for docs and listings. */
  summary: string;
  /** Where the rule and its text are written: the provider's docs or a public report quoting its answer. */
  source: string;
  /** The date the rule was last confirmed against its source (YYYY-MM-DD). */
  confirmed: string;
  /**
   * The message is the provider's own text, as its API answers (placeholders filled in); false when no
   * source quotes it and the message is tooldeck's wording of the documented rule.
   */
  quoted: boolean;
  /** Judges the tool list one agent sends. */
  judge(tools: readonly WireTool[], request: RequestShape): RuleFinding[];
}

/** How a provider's request body names a tool's parameters and reports where an error is. */
export interface RequestShape {
  /** The key of the parameter schema under a tool's path: `parameters`, `input_schema`, `inputSchema.json`. */
  schemaKey: string;
  /** The tool is sent in strict mode (OpenAI's and Anthropic's `strict` flag, or a `*-strict` profile). */
  isStrict(tool: WireTool): boolean;
}

/** A rule judging each tool on its own. */
export function perTool(
  judgeOne: (tool: WireTool, index: number, request: RequestShape) => RuleFinding[],
): ProviderRule["judge"] {
  return (tools, request) => tools.flatMap((tool, index) => judgeOne(tool, index, request));
}

type JudgeOne = (tool: WireTool, index: number, request: RequestShape) => RuleFinding[];

/**
 * A rule judging each tool by its parameters: whether `judgeOne` finds anything must depend on
 * `tool.parameters` alone (the name and index only word the message and the path). A parameters object
 * found clean is then clean for every tool sending it, and is not judged again: the copies of one schema
 * across a project's tools (the same object, as `createModelToolsOf` and the wire forms share them) cost
 * one judgment.
 */
export function perParameters(judgeOne: JudgeOne): ProviderRule["judge"] {
  return perTool(rememberingClean(judgeOne));
}

/**
 * A rule judging every schema of each tool's parameters (nested ones too, with their exact paths).
 * `judgeNode`'s verdict is the node's alone (the tool and index only word the message), so a schema is
 * judged once however many tools send it (`perParameters`); `only` picks the tools judged at all (the
 * strict ones).
 */
export function perSchema(
  judgeNode: (node: SchemaNode, tool: WireTool, index: number) => string | undefined,
  only?: (tool: WireTool, request: RequestShape) => boolean,
): ProviderRule["judge"] {
  const judgeOne = rememberingClean((tool, index, request) => {
    const found: RuleFinding[] = [];
    for (const node of walkSchema(tool.parameters)) {
      const message = judgeNode(node, tool, index);
      if (message !== undefined)
        found.push({ message, path: schemaPath(tool, request, node.keys), tool: index });
    }
    return found;
  });
  return perTool((tool, index, request) =>
    only && !only(tool, request) ? [] : judgeOne(tool, index, request),
  );
}

/** `judgeOne`, skipping the parameters objects it already found nothing in. */
function rememberingClean(judgeOne: JudgeOne): JudgeOne {
  const clean = new WeakSet<object>();
  return (tool, index, request) => {
    const { parameters } = tool;
    const remembered = typeof parameters === "object" && parameters !== null;
    if (remembered && clean.has(parameters)) return [];
    const found = judgeOne(tool, index, request);
    if (remembered && found.length === 0) clean.add(parameters);
    return found;
  };
}

/** The path of a tool's field: `tools[3].function.name`. */
export function toolPath(tool: WireTool, ...keys: readonly (string | number)[]): string {
  return [tool.path, ...keys.map(String)].filter(Boolean).join(".");
}

/** The path of a schema inside a tool's parameters: `tools[3].function.parameters.properties.q`. */
export function schemaPath(
  tool: WireTool,
  request: RequestShape,
  keys: readonly (string | number)[],
): string {
  let path = toolPath(tool, request.schemaKey);
  for (const key of keys) path += typeof key === "number" ? `[${key}]` : `.${key}`;
  return path;
}
