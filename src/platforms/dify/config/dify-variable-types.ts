import { isPlainObject } from "../../../json/json-value.js";
import { templateReferences } from "../template/dify-template.js";
import type { DifyNode } from "./dify-node.js";

/**
 * What a variable holds, as the app's graph declares it: `string` a text a user or a model writes,
 * `choice` one of a Start select's options (none holding a quote, a backslash or a line break),
 * `choice-json` one of options that are each JSON as written (`true`, `false`, `10`),
 * `code-string` a Code node's string output (text the author built, often JSON already), `number`,
 * `boolean`, `object`, `array-json` (of strings or numbers: rendered as JSON, fact 23, or as Python's repr,
 * which is the same text for numbers), `array-python` (of objects, booleans or anything: rendered the Python
 * way, `[{'a': 1}]`, `[True]`), `file`.
 */
export const DIFY_VARIABLE_TYPES = [
  "string",
  "choice",
  "choice-json",
  "code-string",
  "number",
  "boolean",
  "object",
  "array-json",
  "array-python",
  "file",
] as const;
export type DifyVariableType = (typeof DIFY_VARIABLE_TYPES)[number];

/** A Start input's `type` as the value it holds (a select is judged by its options). */
const START_TYPES: Readonly<Record<string, DifyVariableType>> = {
  "text-input": "string",
  paragraph: "string",
  number: "number",
  checkbox: "boolean",
  file: "file",
  "file-list": "file",
};

/** A declared output or variable type (`array[object]`, `number`…) as the value it renders (fact 23). */
function valueType(type: unknown, string: DifyVariableType): DifyVariableType | undefined {
  if (typeof type !== "string") return undefined;
  if (type === "string" || type === "secret") return string;
  if (type === "number" || type === "integer") return "number";
  if (type === "boolean" || type === "bool") return "boolean";
  if (type === "object") return "object";
  if (type === "array[string]" || type === "array[number]") return "array-json";
  if (type === "file" || type.startsWith("array[file")) return "file";
  if (type.startsWith("array")) return "array-python";
  return undefined;
}

/**
 * The types an app's graph declares for its variables, by selector (`start.city`, `1719.result`,
 * `conversation.status`): Start inputs, Code node outputs, Parameter Extractor parameters, a Template
 * node's `output` and conversation variables. A variable of no declared type is absent.
 */
export function declaredVariableTypes(
  nodes: readonly DifyNode[],
  conversationVariables: unknown,
): Map<string, DifyVariableType> {
  const types = new Map<string, DifyVariableType>();
  for (const node of nodes)
    for (const [name, type] of nodeOutputs(node)) types.set(`${node.id}.${name}`, type);
  if (Array.isArray(conversationVariables))
    for (const variable of conversationVariables) {
      if (!isPlainObject(variable) || typeof variable.name !== "string") continue;
      const type = valueType(variable.value_type, "string");
      if (type) types.set(`conversation.${variable.name}`, type);
    }
  return types;
}

function nodeOutputs(node: DifyNode): [string, DifyVariableType][] {
  const { data } = node;
  if (node.type === "start" && Array.isArray(data.variables))
    return data.variables.flatMap((input) => {
      if (!isPlainObject(input) || typeof input.variable !== "string") return [];
      const type = input.type === "select" ? choiceType(input.options) : START_TYPES[String(input.type)];
      return type ? [[input.variable, type]] : [];
    });
  if (node.type === "code" && isPlainObject(data.outputs))
    return Object.entries(data.outputs).flatMap(([name, output]) => {
      const type = isPlainObject(output) ? valueType(output.type, "code-string") : undefined;
      return type ? [[name, type]] : [];
    });
  if (node.type === "parameter-extractor" && Array.isArray(data.parameters))
    return data.parameters.flatMap((parameter) => {
      if (!isPlainObject(parameter) || typeof parameter.name !== "string") return [];
      const type = parameter.type === "select" ? "string" : valueType(parameter.type, "string");
      return type ? [[parameter.name, type]] : [];
    });
  if (node.type === "template-transform") return [["output", "string"]];
  return [];
}

/**
 * A select holds one of its options: a text that cannot break a header or a JSON string unless an option
 * can, and JSON as it is when every option is (`true`/`false` options inserted as JSON booleans).
 */
function choiceType(options: unknown): DifyVariableType {
  const texts = Array.isArray(options) ? options : [];
  if (texts.length === 0 || !texts.every((option) => typeof option === "string")) return "string";
  if (texts.some((option) => /["\\\r\n]/.test(option))) return "string";
  const json = texts.every((option) => /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$/.test(option));
  return json ? "choice-json" : "choice";
}

/** The nodes reading each selector: through a selector list (`[node, status_code]`, as if-else conditions and Code inputs hold them) or a `{{#…#}}` in any text. */
export function selectorsRead(nodes: readonly DifyNode[]): Map<string, Set<string>> {
  const readers = new Map<string, Set<string>>();
  for (const node of nodes)
    for (const selector of selectorsIn(node.data)) {
      const set = readers.get(selector) ?? new Set<string>();
      set.add(node.id);
      readers.set(selector, set);
    }
  return readers;
}

/** The selectors a node's data reads: its selector lists and the references in its texts. */
export function selectorsIn(value: unknown): Set<string> {
  const found = new Set<string>();
  walk(value, found, 0);
  return found;
}

function walk(value: unknown, found: Set<string>, depth: number): void {
  if (depth > 40) return;
  if (typeof value === "string") {
    for (const selector of templateReferences(value)) found.add(selector);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length >= 2 && value.every((item) => typeof item === "string")) found.add(value.join("."));
    for (const item of value) walk(item, found, depth + 1);
    return;
  }
  if (isPlainObject(value)) for (const item of Object.values(value)) walk(item, found, depth + 1);
}
