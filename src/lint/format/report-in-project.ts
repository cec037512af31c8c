import { projectRelativePath, withoutProjectRoot } from "../../project-files/project-relative-path.js";
import type { Diagnostic } from "../diagnostic.js";
import type { CheckReport } from "../report.js";
import type { SuppressedDiagnostic } from "../suppress/suppression.js";
import type { ReadReportedFile } from "./locate-diagnostic.js";

/** A report whose paths are the project's, and how to read a file it names now. */
export interface ReportInProject {
  report: CheckReport;
  /** Reads a file by its name in `report`: the name it was loaded by is what `readFile` knows. */
  readFile: ReadReportedFile;
}

/**
 * The report with every file inside the project named relative to its root (`projectRelativePath`), and
 * the root's absolute path taken out of the texts that name files (messages, suggestions, what accepted
 * a finding, the settings and baseline files), so no format shows where the project was checked out.
 * What the LLM is given and the probe's exchange are left as they were sent.
 */
export function reportInProject(
  given: CheckReport,
  { root, readFile, cwd = process.cwd() }: { root: string; readFile: ReadReportedFile; cwd?: string },
): ReportInProject {
  const loadedAs = new Map<string, string>();
  const file = (name: string) => {
    const shown = projectRelativePath(name, root, cwd);
    loadedAs.set(shown, name);
    return shown;
  };
  const text = (value: string) => withoutProjectRoot(value, root);
  const diagnostic = <T extends Diagnostic>(found: T): T => ({
    ...found,
    file: file(found.file),
    message: text(found.message),
    ...(found.suggestion === undefined ? {} : { suggestion: text(found.suggestion) }),
    ...(found.related
      ? { related: found.related.map((related) => ({ ...related, message: text(related.message) })) }
      : {}),
    // A finding that stands for one cause on many tools keeps each tool's, named the same way.
    ...(found.perTool ? { perTool: found.perTool.map(diagnostic) } : {}),
  });
  const suppressed = (found: SuppressedDiagnostic): SuppressedDiagnostic => ({
    ...diagnostic(found),
    suppression: { ...found.suppression, by: text(found.suppression.by) },
  });
  const report: CheckReport = {
    ...given,
    tools: given.tools.map((tool) => ({
      ...tool,
      file: file(tool.file),
      ...(tool.code ? { code: { ...tool.code, file: file(tool.code.file) } } : {}),
    })),
    diagnostics: given.diagnostics.map(diagnostic),
    ...(given.suppressed ? { suppressed: given.suppressed.map(suppressed) } : {}),
    ...(given.ruleOverrides
      ? { ruleOverrides: { ...given.ruleOverrides, source: text(given.ruleOverrides.source) } }
      : {}),
    ...(given.baseline ? { baseline: { ...given.baseline, file: text(given.baseline.file) } } : {}),
  };
  return { report, readFile: (name) => readFile(loadedAs.get(name) ?? name) };
}
