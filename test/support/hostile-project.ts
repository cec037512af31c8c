import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A project folder (with `.git`, so it is its own repository) holding the files an attacker wrote;
 * its real path, so messages that name roots can be compared.
 */
export function hostileProject(files: Record<string, string> = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "tooldeck-hostile-")));
  mkdirSync(join(dir, ".git"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** A YAML billion-laughs: `levels` levels of ten aliases of the level before, in ~60 bytes a level. */
export function yamlAliasBomb(levels: number, indent = ""): string {
  const lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(", ")}]`,
    );
  return lines.map((line) => indent + line).join("\n");
}

/** The same bomb written with YAML merge keys (`<<: [*a, *a, …]`), as YAML 1.1 tools read them. */
export function yamlMergeKeyBomb(levels: number): string {
  const lines = [
    "m0: &m0 {k0: lol, k1: lol, k2: lol, k3: lol, k4: lol, k5: lol, k6: lol, k7: lol, k8: lol, k9: lol}",
  ];
  for (let i = 1; i <= levels; i++) {
    const previous = `*m${i - 1}`;
    const keys = Array.from({ length: 10 }, (_, j) => `k${j}: ${previous}`).join(", ");
    lines.push(`m${i}: &m${i} {<<: [${Array(10).fill(previous).join(", ")}], ${keys}}`);
  }
  return lines.join("\n");
}

/**
 * A YAML bomb of text rather than values: one `length`-character string, then `levels` levels of ten
 * aliases of the level before. Six levels of a 10,000-character string: 11.6 KB of YAML, a million
 * values (a tenth of the value bound), 10 billion characters written out.
 */
export function yamlTextBomb(levels: number, length = 10_000): string {
  const lines = [`a0: &a0 "${"x".repeat(length)}"`];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(", ")}]`,
    );
  return lines.join("\n");
}
