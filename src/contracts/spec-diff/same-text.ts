/** Markdown links and bare URLs, as `](https://docs.github.com/enterprise-server@3.17/rest/…)` */
const URL = /https?:\/\/[^\s)>\]"']+/g;

/**
 * Whether two descriptions say the same to a model: the same words once whitespace is collapsed and
 * link targets set aside. A versioned documentation link (GitHub's `enterprise-server@3.17` → `@3.18` on
 * every operation) changes no word the model reads.
 * @example
 * sameText("See [docs](https://x.test/v1/a).", "See  [docs](https://x.test/v2/a)."); // true
 */
export function sameText(a: string | undefined, b: string | undefined): boolean {
  if (a === b) return true;
  return normalise(a ?? "") === normalise(b ?? "");
}

function normalise(text: string): string {
  return text.replace(URL, "<url>").replace(/\s+/g, " ").trim();
}
