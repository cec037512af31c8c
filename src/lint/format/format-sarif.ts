import { readFileSync } from "node:fs";
import { toJsonText } from "../../text/safe-text.js";
import type { Severity } from "../diagnostic.js";
import type { CheckReport, RuleInfo, RuleOverrides } from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";
import { locateJsonPath } from "./locate-json-path.js";

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
  readFile?: (file: string) => string | undefined;
}

/**
 * SARIF 2.1.0, as GitHub code scanning loads it: rule metadata in the driver, each result located in its
 * config file (line found from the JSON path) and named by its JSON path as a logical location. Rules
 * the settings turned off or lowered are the run's invocation's configuration overrides.
 */
export function formatSarif(report: CheckReport, options: SarifOptions): string {
  const readFile = options.readFile ?? readIfPresent;
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string) => {
    if (!texts.has(file))
      texts.set(file, file.includes(":") && !file.startsWith("/") ? undefined : readFile(file));
    return texts.get(file);
  };
  const results = report.diagnostics.map((diagnostic) => {
    const text = textOf(diagnostic.file);
    const physicalLocation = {
      artifactLocation: { uri: diagnostic.file },
      ...(text === undefined ? {} : { region: { startLine: locateJsonPath(text, diagnostic.path) } }),
    };
    return {
      ruleId: diagnostic.code,
      level: LEVEL[diagnostic.severity],
      message: {
        text: `${diagnostic.tool}: ${diagnostic.message}${diagnostic.suggestion ? ` (${diagnostic.suggestion})` : ""}`,
      },
      locations: [
        {
          physicalLocation,
          logicalLocations: [{ fullyQualifiedName: diagnostic.path || diagnostic.tool, kind: "member" }],
        },
      ],
    };
  });
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

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
