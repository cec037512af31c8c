/** Texts an attacker writes into an n8n parameter to make a quadratic reading slow (issue 37). */

/** `$fromAI('k0', 'd', 'string', $fromAI('k1', 'd', 'string', … 'x'))`, `depth` calls deep. */
export function nestedFromAi(depth: number): string {
  let text = "";
  for (let level = 0; level < depth; level++) text += `$fromAI('k${level}', 'd', 'string', `;
  return `${text}'x'${")".repeat(depth)}`;
}

/** The shapes, each about `size` characters, as one expression parameter. */
export function hostileParameters(size: number): Record<string, string> {
  return {
    nested: `={{ ${nestedFromAi(Math.floor(size / 32))} }}`,
    bare: `={{ ${"$fromAI(".repeat(size / 8)}'x'${")".repeat(size / 8)} }}`,
    unclosed: `={{ ${"$fromAI(".repeat(size / 8)}`,
    escaped: `={{ ${"$fromAI(\\".repeat(size / 9)}${")".repeat(size / 9)} }}`,
    braces: `=${"{{".repeat(size / 2)}`,
    comments: `=${"{{ 1 /* }} ".repeat(size / 11)}`,
    strings: `=${"{{ '}} ".repeat(size / 7)}`,
    templates: `=${"{{ `}} ".repeat(size / 7)}`,
  };
}
