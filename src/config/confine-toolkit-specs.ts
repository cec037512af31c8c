import { realpathSync } from "node:fs";
import { isInsideRoots, realRoots } from "../project-files/project-root.js";
import type { LoadResult } from "./load-result.js";

/**
 * A toolkit's `spec` path is written in a config, so it must lead into the project like any file a config
 * names: `spec: ../../../../etc/passwd` is refused here, before lint or a probe reads it.
 */
export function confineToolkitSpecs(result: LoadResult, roots: readonly string[]): void {
  const real = realRoots(roots);
  result.tools = result.tools.filter(({ config, source }) => {
    if (config.kind !== "openapi-toolkit" || /^(https?:|data:)/i.test(config.spec)) return true;
    const path = realPathIfAny(config.spec);
    if (path === undefined || isInsideRoots(path, real)) return true;
    const where = real.length > 0 ? `the project (${real.join(", ")}); widen it with --root` : "the project";
    result.errors.push({
      file: source.file,
      path: source.path ? `${source.path}.spec` : "spec",
      message: `"${config.spec}" is outside ${where}`,
    });
    return false;
  });
}

function realPathIfAny(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
