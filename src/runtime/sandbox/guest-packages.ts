import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const resolvePackage = createRequire(import.meta.url).resolve;
const sources = new Map<string, string>();

/** A package's main file, read from tooldeck's own node_modules once (nothing is downloaded). */
function mainSource(name: string): string {
  let source = sources.get(name);
  if (source === undefined) {
    // `buffer/`, not `buffer`: the package, not Node's module of that name.
    source = readFileSync(resolvePackage(`${name}/`), "utf8");
    sources.set(name, source);
  }
  return source;
}

/**
 * Guest source for CommonJS packages of tooldeck's dependencies that are plain JavaScript in one file
 * and use nothing of Node's (`buffer`, which browsers' bundlers give for Node's Buffer): an expression
 * for `load(name)`, which runs a package's file inside the engine on first use and gives its
 * `module.exports`. A package's `require` reaches only the other packages named here. The files are
 * tooldeck's own, so this adds no way out of the sandbox: the code runs under the same limits as the
 * guest's, and sees what the guest sees.
 * @example
 * const prelude = `(host) => { const load = ${guestPackagesSource(["base64-js", "ieee754", "buffer"])}; … }`;
 */
export function guestPackagesSource(names: readonly string[]): string {
  const factories = names
    .map((name) => `${JSON.stringify(name)}: function (module, exports, require) {\n${mainSource(name)}\n}`)
    .join(",\n");
  return `((factories) => {
  const loaded = {};
  const load = (name) => {
    if (Object.hasOwn(loaded, name)) return loaded[name].exports;
    if (!Object.hasOwn(factories, name)) throw new Error("Cannot find module '" + name + "'");
    const module = { exports: {} };
    loaded[name] = module;
    factories[name].call(module.exports, module, module.exports, load);
    return module.exports;
  };
  return load;
})({\n${factories}\n})`;
}
