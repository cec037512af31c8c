import type { OpenApiSpec } from "../../src/openapi/load-spec.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { GITHUB_SPEC } from "./real-specs.js";

/** The paths of the slice: issues, labels, milestones and releases of a repository, and an org's teams. */
const SLICE =
  /^\/repos\/\{owner\}\/\{repo\}\/(issues|labels|milestones|releases)(\/\{[^{}]+\})?$|^\/orgs\/\{org\}\/teams(\/\{team_slug\})?$/;

let loaded: Promise<OpenApiSpec> | undefined;

/**
 * A slice of GitHub's REST description (@octokit/openapi) cut in the test: its collections of issues,
 * labels, milestones, releases and teams with their items (10 paths, 21 operations), the real schemas
 * with them. Loaded once per test file.
 */
export function loadGitHubSlice(): Promise<OpenApiSpec> {
  loaded ??= loadSpec(GITHUB_SPEC).then((spec) => {
    const paths = Object.fromEntries(
      Object.entries(spec.document.paths ?? {}).filter(([path]) => SLICE.test(path)),
    );
    return { ...spec, document: { ...spec.document, paths } };
  });
  return loaded;
}
