import type { ProjectTools } from "./find-project-tools.js";

/** A file `tooldeck init` writes: where (relative to the folder), what it holds, and in a few words why. */
export interface InitFile {
  path: string;
  text: string;
  what: string;
}

/**
 * The paths `check` and `run` are given: each top folder that holds tools (`tools/`), or the file
 * itself when it sits in the folder; `tools/` when nothing was found (where the README asks for them).
 */
export function checkPaths(found: ProjectTools): string[] {
  const paths = found.toolFiles.map((file) =>
    file.includes("/") ? `${file.slice(0, file.indexOf("/"))}/` : file,
  );
  return paths.length > 0 ? [...new Set(paths)] : ["tools/"];
}

/** The description `check` compares with: the only one found, else the first (a note says which). */
export function chosenSpec(found: ProjectTools): string | undefined {
  return found.specs[0];
}

/** `tooldeck.config.yaml`: a preset that fits what was found, and room for the rest. */
export function settingsFile(found: ProjectTools): InitFile {
  const onlyFlowise = found.toolFiles.length > 0 && found.flowiseFiles.length === found.toolFiles.length;
  const preset = onlyFlowise ? "tooldeck:flowise" : "tooldeck:recommended";
  const text = `# tooldeck's settings: docs/rules.md in the tooldeck package.
# extends: presets (tooldeck:recommended, tooldeck:strict, tooldeck:flowise), settings files or packages.
extends: [${preset}]
# rules: { <rule>: off|info|warning|error }
rules: {}
# overrides: accept findings of files that hold no comments (JSON, Flowise exports):
#   - { files: [flows/*.json], tools: [my_tool], rules: { probe: "off" }, reason: "why" }
overrides: []
`;
  return { path: "tooldeck.config.yaml", text, what: `settings (extends ${preset})` };
}
