import { ToolDeckError } from "../errors.js";
import { parseBounded, type TextFormat } from "../project-files/parse-bounded.js";

/**
 * Parses spec text: JSON for `.json` names, YAML for `.yaml`/`.yml`, otherwise JSON first and YAML
 * when that fails (YAML is a superset, but JSON.parse is ten times faster on GitHub's 13 MB spec).
 * A YAML alias bomb is refused here (see `parseBounded`); a failure is a `load` error naming the spec.
 */
export function parseSpecText(text: string, label: string): unknown {
  try {
    return parseBounded(text, formatOf(label), { depthCheckedLater: true });
  } catch (cause) {
    throw new ToolDeckError("load", `${label}: ${(cause as Error).message}`, { cause });
  }
}

function formatOf(label: string): TextFormat {
  const name = label.toLowerCase().replace(/[?#].*$/, "");
  if (name.endsWith(".json")) return "json";
  return name.endsWith(".yaml") || name.endsWith(".yml") ? "yaml" : "json-or-yaml";
}
