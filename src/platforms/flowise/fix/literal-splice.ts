/**
 * `stored` with the part of its rendering that changes from `rendered` to `wanted` replaced where it is
 * written once, when rendering the result gives `wanted` (a URL input holding HTML, `<p>…/events/{id}</p>`,
 * edited as its text); undefined when the changed part is not one literal run of the stored text.
 * @example
 * spliceLiteral("<p>http://x/{id}</p>", "http://x/:id", flowiseHtmlToText); // "<p>http://x/:id</p>"
 */
export function spliceLiteral(
  stored: string,
  wanted: string,
  render: (text: string) => string,
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
  // A pure insertion has no old text to find: take the character before it along.
  const from = rendered.length - end - start === 0 ? Math.max(0, start - 1) : start;
  const old = rendered.slice(from, rendered.length - end);
  const replacement = wanted.slice(from, wanted.length - end);
  if (old === "" || stored.split(old).length !== 2) return undefined;
  const spliced = stored.replace(old, () => replacement);
  return render(spliced) === wanted ? spliced : undefined;
}
