import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packagePath } from "../../src/package/package-root.js";

/**
 * Two Flowise agentflow exports in a fresh folder, as a team keeps two flows: each is the tutorial's
 * Agent node (titled `Agent A`, `Agent B`) with its own get_events, create_event, update_event and
 * delete_event. `flows.a` and `flows.b` are their absolute paths.
 */
export function twoFlows(): { dir: string; a: string; b: string } {
  const text = readFileSync(packagePath("fixtures/flowise/event-agent-agentflow.json"), "utf8");
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-flows-"));
  const write = (file: string, title: string) => {
    const path = join(dir, file);
    writeFileSync(path, text.replace('"label": "Event Agent"', `"label": "${title}"`));
    return path;
  };
  return { dir, a: write("a.json", "Agent A"), b: write("b.json", "Agent B") };
}
