/** One piece of a value rebuilt from code: literal text, a `$property` argument, or a `$vars.x` variable. */
export type TemplatePart = { text: string } | { property: string } | { vars: string };

/** A string value as far as the code makes it without running: undefined parts make it unknown. */
export type CodeTemplate = readonly TemplatePart[];

/** The template as one string: `$vars.x` as `{{$vars.x}}` (as request tools write it), a property as `{{$x}}`. */
export function renderTemplate(
  template: CodeTemplate,
  property: (name: string) => string = (name) => `{{$${name}}}`,
): string {
  return template
    .map((part) =>
      "text" in part ? part.text : "vars" in part ? `{{$vars.${part.vars}}}` : property(part.property),
    )
    .join("");
}

/** Whether the template is literal text only. */
export function isLiteral(template: CodeTemplate): boolean {
  return template.every((part) => "text" in part);
}

/** Adjacent text parts joined: `'/a' + '/b'` is one `/a/b`. */
export function joinTemplates(...templates: CodeTemplate[]): CodeTemplate {
  const joined: TemplatePart[] = [];
  for (const part of templates.flat()) {
    const last = joined.at(-1);
    if ("text" in part && last && "text" in last) joined[joined.length - 1] = { text: last.text + part.text };
    else joined.push(part);
  }
  return joined;
}
