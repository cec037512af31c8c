/**
 * One segment of a spec path template: a literal, a whole `{param}`, or a mix like `{name}.{ext}`,
 * held as the literals around its parameters (`["", ".", ""]` and `["name", "ext"]`).
 */
export type TemplateSegment =
  | { kind: "literal"; value: string }
  | { kind: "param"; name: string }
  | { kind: "mixed"; literals: string[]; names: string[] };

const WHOLE_PARAM = /^\{([^{}]+)\}$/;

/** A template segment read once: `events`, `{id}`, `{name}.{ext}`. */
export function compileSegment(segment: string): TemplateSegment {
  const whole = WHOLE_PARAM.exec(segment);
  if (whole) return { kind: "param", name: whole[1] as string };
  if (!segment.includes("{")) return { kind: "literal", value: segment };
  // split with a capturing group alternates literal, parameter, literal…: the literals at even places.
  const parts = segment.split(/\{([^{}]+)\}/);
  return {
    kind: "mixed",
    literals: parts.filter((_, i) => i % 2 === 0),
    names: parts.filter((_, i) => i % 2 === 1),
  };
}

/**
 * The parameter values of a concrete segment that fits a mixed template segment, else undefined. Each
 * parameter takes one character or more, as few as the rest allows (what `^a(.+?)b(.+?)c$` gives):
 * each literal is found at its first place after the one before. No regular expression is built from a
 * template: with many parameters side by side (`{p0}{p1}…{p9}z`), a backtracking match of a long
 * segment takes time that grows as its length to the power of their number. Here it is a few `indexOf`s.
 */
export function matchMixed(segment: { literals: string[] }, value: string): string[] | undefined {
  const { literals } = segment;
  const first = literals[0] as string;
  const last = literals[literals.length - 1] as string;
  const end = value.length - last.length;
  if (!value.startsWith(first) || !value.endsWith(last) || end < first.length) return undefined;
  const values: string[] = [];
  let from = first.length;
  for (let i = 1; i < literals.length - 1; i++) {
    const literal = literals[i] as string;
    const at = value.indexOf(literal, from + 1);
    if (at < 0 || at + literal.length > end) return undefined;
    values.push(value.slice(from, at));
    from = at + literal.length;
  }
  if (end - from < 1) return undefined;
  values.push(value.slice(from, end));
  return values;
}

/** Whether a concrete path fits a path template segment by segment (`/owners/1/pets`, `/owners/{id}/pets`). */
export function fitsTemplate(template: string, path: string): boolean {
  const templateSegments = template.split("/");
  const segments = path.split("/");
  if (templateSegments.length !== segments.length) return false;
  return templateSegments.every((text, i) => {
    const segment = compileSegment(text);
    const value = segments[i] as string;
    if (segment.kind === "literal") return value === segment.value;
    if (segment.kind === "param") return value !== "";
    return matchMixed(segment, value) !== undefined;
  });
}
