/**
 * `stored` with the part of its rendering that changes to `wanted` replaced where it is written once,
 * when rendering the result gives `wanted`: a platform's value edited as the text it amounts to (a
 * Flowise URL input holding HTML, `<p>…/events/{id}</p>`; an n8n URL expression, whose `{id}` is a
 * `$fromAI` call). `toStored` writes the new part as the stored value writes it. Undefined when the
 * changed part is not one literal run of the stored text.
 * @example
 * spliceLiteral("<p>http://x/{id}</p>", "http://x/:id", flowiseHtmlToText); // "<p>http://x/:id</p>"
 */
export function spliceLiteral(
  stored: string,
  wanted: string,
  render: (text: string) => string,
  toStored: (part: string) => string = (part) => part,
): string | undefined {
  const rendered = render(stored);
  if (rendered === wanted) return stored;
  let start = 0;
  while (start < rendered.length && start < wanted.length && rendered[start] === wanted[start]) start++;
  let end = 0;
  while (
    end < rendered.length - start &&
    end < wanted.length - start &&
    rendered[rendered.length - 1 - end] === wanted[wanted.length - 1 - end]
  )
    end++;
  // Widened until the old part is written once in the stored value (a pure insertion has no old part).
  let from = start;
  let to = rendered.length - end;
  const oldPart = () => rendered.slice(from, to);
  while (oldPart() === "" || stored.split(oldPart()).length !== 2) {
    if (from > 0) from--;
    else if (to < rendered.length) to++;
    else return undefined;
  }
  const old = oldPart();
  const replacement = wanted.slice(from, wanted.length - (rendered.length - to));
  const spliced = stored.replace(old, () => toStored(replacement));
  return render(spliced) === wanted ? spliced : undefined;
}
