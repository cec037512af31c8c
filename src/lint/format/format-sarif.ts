import { readFileSync } from "node:fs";
import { toJsonText } from "../../text/safe-text.js";
import { type Diagnostic, type Severity, toolLabel } from "../diagnostic.js";
import { perToolFindings } from "../fold-shared-causes.js";
import type { CheckReport, RuleInfo, RuleOverrides } from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";
import type { Suppression } from "../suppress/suppression.js";
import { createDiagnosticLocator, type ReadReportedFile } from "./locate-diagnostic.js";

const LEVEL: Record<Severity, "error" | "warning" | "note"> = {
  error: "error",
  warning: "warning",
  info: "note",
};

export interface SarifOptions {
  /** Metadata of every rule and probe that may appear. */
  rules: readonly RuleInfo[];
  version: string;
  /** Reads a config file to place results on lines; default the file system (files that cannot be read get no line). */
  readFile?: ReadReportedFile;
}

/**
 * SARIF 2.1.0, as GitHub code scanning loads it: rule metadata in the driver, each result located in its
 * config file (line and column of the JSON path) and named by its JSON path as a logical location, the
 * probe failures folded into it as related locations; a cause shared by several tools is a result per tool,
 * each with `properties.cause` (`flowise-private-host:127.0.0.1`). Rules
 * the settings turned off or lowered are the run's invocation's configuration overrides. A finding a
 * comment, an override or the baseline accepted is a result too, with SARIF's `suppressions` (`inSource`
 * at the comment, or `external`, and the justification), which code scanning shows as dismissed.
 */
export function formatSarif(report: CheckReport, options: SarifOptions): string {
  const locate = createDiagnosticLocator(options.readFile ?? readIfPresent);
  const accepted: readonly (Diagnostic & { suppression?: Suppression })[] = report.suppressed ?? [];
  const results = [...perToolFindings(report.diagnostics), ...accepted].map(
    (diagnostic: Diagnostic & { suppression?: Suppression }) => {
      const at = locate(diagnostic);
      const physicalLocation = {
        artifactLocation: { uri: diagnostic.file },
        ...(at === undefined ? {} : { region: { startLine: at.line, startColumn: at.column } }),
      };
      return {
        ruleId: diagnostic.code,
        level: LEVEL[diagnostic.severity],
        message: {
          text: `${toolLabel(diagnostic)}: ${diagnostic.message}${diagnostic.suggestion ? ` (${diagnostic.suggestion})` : ""}`,
        },
        locations: [
          {
            physicalLocation,
            logicalLocations: [{ fullyQualifiedName: diagnostic.path || diagnostic.tool, kind: "member" }],
          },
        ],
        // The probe failures folded into the finding: where each was seen, and what it said.
        ...(diagnostic.related
          ? {
              relatedLocations: diagnostic.related.map((related, id) => {
                const seen = locate({ ...diagnostic, path: related.path });
                return {
                  id,
                  physicalLocation: {
                    artifactLocation: { uri: diagnostic.file },
                    ...(seen === undefined
                      ? {}
                      : { region: { startLine: seen.line, startColumn: seen.column } }),
                  },
                  message: { text: `${related.code} (${related.severity}): ${related.message}` },
                };
              }),
            }
          : {}),
        // One cause shared by several tools: a result per tool, each naming the cause in its properties.
        ...(diagnostic.cause ? { properties: { cause: diagnostic.cause.id } } : {}),
        ...(diagnostic.suppression
          ? { suppressions: [toSarifSuppression(diagnostic.file, diagnostic.suppression)] }
          : {}),
      };
    },
  );
  const sarif = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "tooldeck",
            version: options.version,
            informationUri: "https://www.npmjs.com/package/tooldeck",
            rules: options.rules.map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.description },
              fullDescription: { text: rule.docs },
              defaultConfiguration: { level: LEVEL[rule.severity] },
              ...(rule.helpUri ? { helpUri: rule.helpUri } : {}),
            })),
          },
        },
        ...(report.ruleOverrides ? { invocations: [invocation(report.ruleOverrides, options.rules)] } : {}),
        results,
      },
    ],
  };
  return `${toJsonText(JSON.stringify(sarif, null, 2))}\n`;
}

/**
 * The rules the settings turned off or lowered, as SARIF says it: a `ruleConfigurationOverrides` entry
 * per rule (`enabled: false`, or its new `level`), and the summary lines as tool configuration
 * notifications, which viewers show beside the run.
 */
function invocation(overrides: RuleOverrides, rules: readonly RuleInfo[]) {
  const descriptor = (id: string) => {
    const index = rules.findIndex((rule) => rule.id === id);
    return index < 0 ? { id } : { id, index };
  };
  return {
    executionSuccessful: true,
    ruleConfigurationOverrides: [
      ...overrides.off.map((id) => ({ descriptor: descriptor(id), configuration: { enabled: false } })),
      ...overrides.downgraded.map(({ rule, to }) => ({
        descriptor: descriptor(rule),
        configuration: { level: LEVEL[to] },
      })),
    ],
    toolConfigurationNotifications: describeRuleOverrides(overrides).map((line) => ({
      level: "warning",
      message: { text: line.text },
    })),
  };
}

/** A suppression as SARIF 2.1.0 says it (§3.35): in the source at the comment's line, or outside it. */
function toSarifSuppression(file: string, suppression: Suppression) {
  const by = suppression.kind === "baseline" ? `in the baseline ${suppression.by}` : suppression.by;
  const justification = [by, suppression.reason].filter(Boolean).join(": ");
  return {
    kind: suppression.kind === "inline" ? "inSource" : "external",
    status: "accepted",
    justification,
    ...(suppression.line === undefined
      ? {}
      : {
          location: {
            physicalLocation: { artifactLocation: { uri: file }, region: { startLine: suppression.line } },
          },
        }),
  };
}

/** The file system, for what is named like a file: not `flowise:<chatflow>` or `mcp:…`. */
function readIfPresent(file: string): string | undefined {
  if (file.includes(":") && !file.startsWith("/")) return undefined;
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
