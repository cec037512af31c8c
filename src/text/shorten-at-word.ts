/**
 * `text` cut to at most `max` UTF-16 code units (what `String.length` and the providers' limits count),
 * at the last word boundary that fits, its trailing spaces and dangling punctuation dropped; cut mid-word
 * only when no boundary lies in the second half of the limit. A surrogate pair is never split.
 * @example
 * shortenAtWord("Lists the events of a calendar", 20); // "Lists the events of"
 */
export function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  let cut = -1;
  for (let index = max; index > max / 2; index--) {
    if (/\s/.test(head[index] ?? "")) {
      cut = index;
      break;
    }
  }
  let shortened = cut < 0 ? text.slice(0, max) : text.slice(0, cut);
  // A lone high surrogate left at the end would be a broken character.
  if (/[\uD800-\uDBFF]$/.test(shortened)) shortened = shortened.slice(0, -1);
  return shortened.replace(/[\s,;:(\-–—]+$/u, "");
}
