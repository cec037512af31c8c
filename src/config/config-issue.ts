/** A problem found while loading configs, located by file and JSON path inside the file. */
export interface ConfigIssue {
  file: string;
  /** JSON path inside the file (`[1].method`, `nodes[3].data.inputs.requestsGetUrl`); empty for the whole file. */
  path: string;
  message: string;
}

/** A config that could not be loaded: the tool it describes is missing from the result. */
export type ConfigError = ConfigIssue;

/** A config that loaded, but behaves in a way its author probably did not mean (Flowise's silent fallbacks). */
export type ConfigWarning = ConfigIssue;

/**
 * One line naming file, path and problem: `tools/x.json: queryParamsSchema.id.in: expected "path" or "query"`.
 * @example
 * for (const error of loadToolConfigs(["tools/"]).errors) console.error(formatConfigIssue(error));
 */
export function formatConfigIssue(issue: ConfigIssue): string {
  return [issue.file, issue.path, issue.message].filter((part) => part !== "").join(": ");
}
