/**
 * The printable ASCII characters in the order `localeCompare` gives them under English (and ICU's
 * root) collation, a letter's upper case beside its lower case: spaces and punctuation first, then
 * digits, then letters.
 */
const ASCII_COLLATION_ORDER =
  " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ";

/** Per code unit: the character's primary weight (its letter, case aside), else -1 outside printable ASCII. */
const PRIMARY = new Int16Array(128).fill(-1);
for (let i = 0; i < ASCII_COLLATION_ORDER.length; i++) {
  const code = ASCII_COLLATION_ORDER.charCodeAt(i);
  const lower = String.fromCharCode(code).toLowerCase().charCodeAt(0);
  PRIMARY[code] = lower === code ? i : (PRIMARY[lower] as number);
}

/**
 * `a.localeCompare(b, "en")`'s order, without ICU when both texts are printable ASCII: the characters'
 * weights compared first (case aside, a prefix first), then the first difference in case (lower case
 * first). Other text is handed to `localeCompare`. Held to `localeCompare` by
 * test/text/text-order.test.ts.
 *
 * Kept (issue 30) for a start-up target, not for speed: ICU's collator costs ~5 ms to set up on first
 * use, and without this table `tooldeck lint` on tools/ took 3.03× `node -e 0` instead of 2.90× in the
 * same interleaved run (bench/startup; the target is ≤ 3×). Its share of the other figures is small:
 * `tooldeck check` on tools/ 1.02× the CPU time without it, GitHub's 1,223-tool lint 1.00×.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (!isPrintableAscii(a) || !isPrintableAscii(b)) return a.localeCompare(b, "en");
  let caseOrder = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const weightX = PRIMARY[x] as number;
    const weightY = PRIMARY[y] as number;
    if (weightX !== weightY) return weightX < weightY ? -1 : 1;
    // The same letter in two cases: weighed only if nothing else differs.
    caseOrder ||= x > y ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return caseOrder;
}

function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || (PRIMARY[code] as number) < 0) return false;
  }
  return true;
}
