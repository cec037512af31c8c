import { readFileSync } from "node:fs";
import { packagePath } from "../package/package-root.js";

let repository: string | undefined;

/** The repository's web address, from package.json's `repository` (`git+https://…/x.git` → `https://…/x`). */
export function repositoryUrl(): string {
  if (repository === undefined) {
    const json = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as {
      repository?: string | { url?: string };
    };
    const raw = typeof json.repository === "string" ? json.repository : (json.repository?.url ?? "");
    repository = raw.replace(/^git\+/, "").replace(/\.git$/, "");
  }
  return repository;
}

/**
 * Where a rule or check is documented: its section of docs/rules.md in the repository
 * (`…/blob/main/docs/rules.md#operation-not-found`), for SARIF's `helpUri` and `--show-docs`.
 */
export function ruleDocsUrl(id: string): string {
  return `${repositoryUrl()}/blob/main/docs/rules.md#${id}`;
}
