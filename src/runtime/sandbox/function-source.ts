/**
 * Source that declares each function or class under the name it has here, for code that runs
 * elsewhere (a worker, the engine). By `.name`, not as written: a bundler may rename a declaration
 * (`readText$1`) or make a class anonymous (`var GuestRun = class {`), and the bodies of the others
 * call it by the name it ended up with.
 */
// biome-ignore lint/complexity/noBannedTypes: any function or class, only its source and name are read.
export function declarations(parts: readonly Function[]): string {
  return parts.map((part) => `var ${part.name} = ${String(part)};`).join("\n");
}
