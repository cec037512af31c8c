import { setOwn } from "../json/json-value.js";
/** What `{{…}}` variables resolve from. */
export interface VariableContext {
  /** `{{$vars.name}}` */
  vars?: Record<string, string>;
  /** `{{$flow.state.key}}` */
  flowState?: Record<string, unknown>;
  /** `{{question}}`: the user's message. */
  question?: string;
  /** The clock behind `{{current_date_time}}`. */
  now?: () => Date;
  /**
   * Where `$vars` come from, for the hint of an unknown one: the command line (`--var x=…`, default)
   * or a scenario file (`vars:`).
   */
  varsFrom?: "command line" | "scenario";
}

/** ` (set it with --var x=…)`, or for a scenario ` (set it in the scenario's vars: { x: … })`; "" for other names. */
export function unknownVariableHint(name: string, context: Pick<VariableContext, "varsFrom">): string {
  if (!name.startsWith("$vars.")) return "";
  const key = name.slice(6);
  return context.varsFrom === "scenario"
    ? ` (set it in the scenario's vars: { ${key}: … })`
    : ` (set it with --var ${key}=…)`;
}

/** `{{ name }}`: whitespace inside the braces is allowed, as Flowise trims it. */
const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;

export type VariableResolution = { ok: true; text: string } | { ok: false; unknown: string };

/** How variables resolve: unknown ones reported or kept literal; `chatflow`, as a Flowise chatflow does. */
export interface ResolveOptions {
  keepUnknown: boolean;
  /**
   * Flowise 3.1.4's chatflow (V1) server: `{{current_date_time}}` and a variable with spaces inside the
   * braces (`{{ $vars.token }}`) stay literal; the rest resolve.
   */
  chatflow?: boolean;
}

/**
 * Replaces `{{$vars.x}}`, `{{$flow.state.x}}`, `{{question}}` and `{{current_date_time}}` (ISO time).
 * An unknown variable is reported (`keepUnknown: false`) or left literal as Flowise leaves it.
 */
export function resolveVariables(
  text: string,
  context: VariableContext,
  options: ResolveOptions,
): VariableResolution {
  return compileTemplate(text)(context, options);
}

type Template = (context: VariableContext, options: ResolveOptions) => VariableResolution;

/** A text's `{{…}}` found once, so resolving it per call is lookups and a join, not a regex replace. */
function compileTemplate(text: string): Template {
  if (!text.includes("{{")) return () => ({ ok: true, text });
  const literals: string[] = [];
  const uses: VariableUse[] = [];
  let end = 0;
  for (const match of text.matchAll(TEMPLATE)) {
    literals.push(text.slice(end, match.index));
    uses.push(useOf(match));
    end = match.index + match[0].length;
  }
  const tail = text.slice(end);
  return (context, options) => {
    let unknown: string | undefined;
    let resolved = "";
    for (let i = 0; i < uses.length; i++) {
      const use = uses[i] as VariableUse;
      const keep = options.chatflow && chatflowKeepsLiteral(use);
      let value = keep ? use.literal : lookupVariable(use.name, context);
      if (value === undefined) {
        unknown ??= use.name;
        value = use.literal;
      }
      resolved += literals[i] + value;
    }
    if (unknown !== undefined && !options.keepUnknown) return { ok: false, unknown };
    return { ok: true, text: resolved + tail };
  };
}

/** One `{{…}}` in a text: as written, and its name (spaces inside the braces trimmed). */
export interface VariableUse {
  literal: string;
  name: string;
}

/** Every `{{…}}` in a text, in order. */
export function variablesIn(text: string): VariableUse[] {
  return [...text.matchAll(TEMPLATE)].map(useOf);
}

function useOf(match: RegExpMatchArray): VariableUse {
  return { literal: match[0], name: match[1] as string };
}

/** Whether Flowise 3.1.4's chatflow server leaves a variable as written: `{{current_date_time}}`, or spaces inside the braces. */
export function chatflowKeepsLiteral(variable: VariableUse): boolean {
  return variable.name === "current_date_time" || variable.literal !== `{{${variable.name}}}`;
}

function lookupVariable(name: string, context: VariableContext): string | undefined {
  if (name === "current_date_time") return (context.now?.() ?? new Date()).toISOString();
  if (name === "question") return context.question;
  if (name.startsWith("$vars.")) return context.vars?.[name.slice("$vars.".length)];
  if (name.startsWith("$flow.state.")) {
    const value = context.flowState?.[name.slice("$flow.state.".length)];
    if (value === undefined) return undefined;
    return typeof value === "string" ? value : JSON.stringify(value);
  }
  return undefined;
}

export type DeepResolution = { ok: true; value: unknown } | { ok: false; unknown: string };

/**
 * Resolves variables in every string inside a JSON value (a fixed body). Returns the first unknown
 * variable when `keepUnknown` is false.
 */
export function resolveVariablesDeep(
  value: unknown,
  context: VariableContext,
  options: ResolveOptions,
): DeepResolution {
  return prepareVariablesDeep(value, options)(context);
}

/**
 * `resolveVariablesDeep` of a value that does not change (a tool's config), its `{{…}}` found once: a
 * tool call then only looks variables up. A value without any resolves to itself, not a copy.
 */
export function prepareVariablesDeep(
  value: unknown,
  options: ResolveOptions,
): (context: VariableContext) => DeepResolution {
  const unchanged = { ok: true as const, value };
  return prepare(value, options) ?? (() => unchanged);
}

type Prepared = (context: VariableContext) => DeepResolution;

/** The resolver of a value, or undefined when no string inside it has a variable. */
function prepare(value: unknown, options: ResolveOptions): Prepared | undefined {
  if (typeof value === "string") {
    if (!value.includes("{{")) return undefined;
    const template = compileTemplate(value);
    return (context) => {
      const resolved = template(context, options);
      return resolved.ok ? { ok: true, value: resolved.text } : resolved;
    };
  }
  if (value === null || typeof value !== "object") return undefined;
  const entries = [...(Array.isArray(value) ? value.entries() : Object.entries(value))].map(
    ([key, item]) => [key, item, prepare(item, options)] as const,
  );
  if (entries.every(([, , prepared]) => prepared === undefined)) return undefined;
  return (context) => {
    const into = (Array.isArray(value) ? [] : {}) as Record<string | number, unknown>;
    for (const [key, item, prepared] of entries) {
      const resolved = prepared ? prepared(context) : { ok: true as const, value: item };
      if (!resolved.ok) return resolved;
      setOwn(into, key, resolved.value);
    }
    return { ok: true, value: into };
  };
}
