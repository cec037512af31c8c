import type { SchemaObject } from "./openapi-document.js";

/** The property of an item that its path parameter names, and the rule that found it (for `--explain`). */
export type KeyField = { field: string; rule: string } | { field: undefined; rule: string };

/**
 * Properties an API names one way in its paths and another in its items: GitHub addresses a user by
 * `{username}` (an organization by `{org}`, an owner by `{owner}`) and calls the field `login`.
 */
const SYNONYMS: Record<string, string[]> = {
  username: ["login"],
  login: ["username"],
  user: ["login", "username"],
  org: ["login"],
  owner: ["login"],
};

/**
 * The property of an item that the item path's parameter addresses, so items are stored and found by
 * what the API's URLs carry (docs/spec-emulator.md, "Which field is the key"). In order:
 * 1. the property `x-tooldeck-id` names on the item schema;
 * 2. the property named as the parameter (`{username}` → `username`, `{name}` → `name`), letter case,
 *    `_` and `-` aside;
 * 3. the parameter's last words (`{issue_number}` → `number`, `{team_slug}` → `slug`, `{petId}` → `id`),
 *    longest first;
 * 4. the collection's singular name before the parameter (`/owners/{id}` → `ownerId`, `owner_id`);
 * 5. a synonym (`{username}` → `login`, `{org}` → `login`);
 * 6. `name`, where the parameter is the collection's singular (`/branches/{branch}`).
 * Otherwise no property is the key: the item is found by its path alone.
 * @example
 * findKeyField(label, "name", "labels"); // { field: "name", rule: "named as the path parameter {name}" }
 */
export function findKeyField(
  schema: SchemaObject | undefined,
  properties: Record<string, SchemaObject>,
  parameter: string,
  collection: string,
): KeyField {
  const named = schema?.["x-tooldeck-id"];
  if (typeof named === "string" && Object.hasOwn(properties, named))
    return { field: named, rule: "named by x-tooldeck-id" };
  const names = Object.keys(properties);
  const byCompact = (compact: string) => names.find((name) => compactName(name) === compact);
  const exact = byCompact(compactName(parameter));
  if (exact) return { field: exact, rule: `named as the path parameter {${parameter}}` };
  const words = wordsOf(parameter);
  for (let count = words.length - 1; count >= 1; count--) {
    const suffix = byCompact(words.slice(-count).join(""));
    if (suffix) return { field: suffix, rule: `the last words of the path parameter {${parameter}}` };
  }
  const singulars = singularsOf(collection).map((singular) => wordsOf(singular).join(""));
  const prefixed = singulars.map((singular) => byCompact(`${singular}${words.join("")}`)).find(Boolean);
  if (prefixed)
    return { field: prefixed, rule: `the collection's name and the path parameter {${parameter}}` };
  for (const synonym of SYNONYMS[compactName(parameter)] ?? []) {
    const found = byCompact(synonym);
    if (found) return { field: found, rule: `a synonym of the path parameter {${parameter}}` };
  }
  // `/branches/{branch}`: the parameter is the thing itself, which its name stands for.
  const name = byCompact("name");
  if (name && singulars.includes(compactName(parameter)))
    return { field: name, rule: `the name of what the path parameter {${parameter}} names` };
  return { field: undefined, rule: `no property of the item matches the path parameter {${parameter}}` };
}

/** `issue_number`, `issueNumber`, `issue-number` → `["issue", "number"]`. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

function compactName(name: string): string {
  return wordsOf(name).join("");
}

/** What a plural may be the plural of: `issues` → `issue`, `policies` → `policy`, `branches` → `branch`. */
function singularsOf(name: string): string[] {
  if (/ies$/.test(name)) return [name.replace(/ies$/, "y")];
  if (/es$/.test(name)) return [name.replace(/es$/, ""), name.replace(/s$/, "")];
  return [name.replace(/s$/, "")];
}
