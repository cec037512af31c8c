import { packagePath } from "../../src/package/package-root.js";

/** Real descriptions read from npm packages in node_modules (never copied into the repository). */

/** GitHub's REST description (@octokit/openapi): 13 MB of JSON, 1,100+ operations. */
export const GITHUB_SPEC = packagePath(
  "node_modules",
  "@octokit",
  "openapi",
  "generated",
  "api.github.com.json",
);

/** A file of @readme/oas-examples, e.g. `3.0/json/petstore.json`. */
export function oasExample(file: string): string {
  return packagePath("node_modules", "@readme", "oas-examples", file);
}

/** The smaller real descriptions the toolkit is tested on, from @readme/oas-examples. */
export const SMALLER_SPECS = [
  "3.0/json/petstore.json",
  "3.0/json/uspto.json",
  "3.0/json/circular.json",
  "3.0/json/parameters-style.json",
  "3.0/json/schema-types.json",
  "3.1/json/train-travel.json",
  "3.1/json/schema-types.json",
];
