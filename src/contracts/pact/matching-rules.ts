import { isPlainObject } from "../../json/json-value.js";

/** A Pact v4 matcher list for one place of a body. */
interface MatcherList {
  combine: "AND";
  matchers: Record<string, unknown>[];
}

/**
 * Pact v4 matching rules that hold a recorded body to its shape, never its values: a `type` matcher on
 * every field (ids, dates and other generated values differ on each run), and on every array a `type`
 * matcher with `min: 0`, so a list may hold any number of items, each of the recorded items' type.
 * Places are Pact's JSON paths: `$.items[*].id`, `$['odd key']`.
 * @example
 * typeMatchingRules([{ id: 1, name: "A" }]); // { "$": { … min: 0 }, "$[*].id": { … }, "$[*].name": { … } }
 */
export function typeMatchingRules(body: unknown): Record<string, MatcherList> {
  const rules: Record<string, MatcherList> = {};
  collect(body, "$", rules);
  return rules;
}

function collect(value: unknown, place: string, rules: Record<string, MatcherList>): void {
  if (Array.isArray(value)) {
    rules[place] = { combine: "AND", matchers: [{ match: "type", min: 0 }] };
    // The first item stands for every one, as Pact's `eachLike` does.
    if (value.length > 0) collect(value[0], `${place}[*]`, rules);
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, field] of Object.entries(value)) collect(field, `${place}${pathKey(key)}`, rules);
    return;
  }
  rules[place] = { combine: "AND", matchers: [{ match: "type" }] };
}

/** `.name`, or `['odd key']` for a key Pact's path syntax cannot write bare. */
function pathKey(key: string): string {
  return /^[A-Za-z_][\w-]*$/.test(key)
    ? `.${key}`
    : `['${key.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}']`;
}
