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
  if (!text.includes("{{")) return { ok: true, text };
  let unknown: string | undefined;
  const resolved = text.replace(TEMPLATE, (literal, name: string) => {
    if (options.chatflow && chatflowKeepsLiteral({ literal, name })) return literal;
    const value = lookupVariable(name, context);
    if (value !== undefined) return value;
    unknown ??= name;
    return literal;
  });
  if (unknown !== undefined && !options.keepUnknown) return { ok: false, unknown };
  return { ok: true, text: resolved };
}

/** One `{{…}}` in a text: as written, and its name (spaces inside the braces trimmed). */
export interface VariableUse {
  literal: string;
  name: string;
}

/** Every `{{…}}` in a text, in order. */
export function variablesIn(text: string): VariableUse[] {
  return [...text.matchAll(TEMPLATE)].map((match) => ({ literal: match[0], name: match[1] as string }));
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

/**
 * Resolves variables in every string inside a JSON value (a fixed body). Returns the first unknown
 * variable when `keepUnknown` is false.
 */
export function resolveVariablesDeep(
  value: unknown,
  context: VariableContext,
  options: ResolveOptions,
): { ok: true; value: unknown } | { ok: false; unknown: string } {
  if (typeof value === "string") {
    const resolved = resolveVariables(value, context, options);
    return resolved.ok ? { ok: true, value: resolved.text } : resolved;
  }
  if (Array.isArray(value)) return resolveEntries(value.entries(), context, options, []);
  if (value !== null && typeof value === "object") {
    return resolveEntries(Object.entries(value), context, options, {});
  }
  return { ok: true, value };
}

function resolveEntries<T extends unknown[] | Record<string, unknown>>(
  entries: Iterable<[number | string, unknown]>,
  context: VariableContext,
  options: ResolveOptions,
  into: T,
): { ok: true; value: T } | { ok: false; unknown: string } {
  for (const [key, item] of entries) {
    const resolved = resolveVariablesDeep(item, context, options);
    if (!resolved.ok) return resolved;
    (into as Record<string | number, unknown>)[key] = resolved.value;
  }
  return { ok: true, value: into };
}
