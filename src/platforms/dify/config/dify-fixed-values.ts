import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";
import type { DifyFixedValue } from "./dify-api-tool-config.js";

/**
 * A Tool node's `tool_parameters` (reference/dify-tools.md fact 15): `{name: {type: mixed | variable |
 * constant, value}}`; an older export's bare string is a `mixed` template; a null value is dropped, as
 * Dify's `filter_none_tool_inputs` drops it. A value of the wrong shape is an error at its path, and the
 * whole is undefined (the node is not loaded).
 */
export function readToolParameters(
  value: unknown,
  where: string,
  sink: LoadSink,
): Record<string, DifyFixedValue> | undefined {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    sink.error(where, `expected a mapping of parameters, received ${describeType(value)}`);
    return undefined;
  }
  const parameters: Record<string, DifyFixedValue> = {};
  let valid = true;
  for (const [name, entry] of Object.entries(value)) {
    const fixed = readFixedValue(entry, joinPath(where, name), sink);
    if (fixed === false) valid = false;
    else if (fixed !== undefined) defineOwn(parameters, name, fixed);
  }
  return valid ? parameters : undefined;
}

/**
 * An Agent tool's `parameters` (fact 18): those of `auto: 0` are the values the DSL fixes (`value:
 * {type, value}`, fact 76); `auto: 1` ones the model fills. Undefined when one is malformed.
 */
export function readAgentToolParameters(
  value: unknown,
  where: string,
  sink: LoadSink,
): Record<string, DifyFixedValue> | undefined {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    sink.error(where, `expected a mapping of parameters, received ${describeType(value)}`);
    return undefined;
  }
  const parameters: Record<string, DifyFixedValue> = {};
  let valid = true;
  for (const [name, entry] of Object.entries(value)) {
    if (!isPlainObject(entry) || Number(entry.auto) !== 0) continue;
    const fixed = readFixedValue(entry.value, joinPath(where, name, "value"), sink);
    if (fixed === false) valid = false;
    else if (fixed !== undefined) defineOwn(parameters, name, fixed);
  }
  return valid ? parameters : undefined;
}

/** One value: undefined when Dify drops it (null), false (after an error) when malformed. */
function readFixedValue(entry: unknown, where: string, sink: LoadSink): DifyFixedValue | undefined | false {
  if (entry === null || entry === undefined) return undefined;
  if (typeof entry === "string") return { type: "mixed", value: entry };
  if (!isPlainObject(entry)) {
    sink.error(where, `expected {type, value} or a template string, received ${describeType(entry)}`);
    return false;
  }
  const { type, value } = entry;
  if (value === null || value === undefined) return undefined;
  if (type === "mixed" && typeof value !== "string") {
    sink.error(joinPath(where, "value"), `a mixed value must be a string, received ${describeType(value)}`);
    return false;
  }
  if (type === "variable" && !(Array.isArray(value) && value.every((part) => typeof part === "string"))) {
    sink.error(joinPath(where, "value"), "a variable value must be a list of strings (a selector)");
    return false;
  }
  if (type !== "mixed" && type !== "variable" && type !== "constant") {
    sink.error(joinPath(where, "type"), 'expected "mixed", "variable" or "constant"');
    return false;
  }
  return { type, value };
}

/** Set as an own property: a parameter named `__proto__` is a name like any other. */
function defineOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
