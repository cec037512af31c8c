import { selectorPath } from "../template/dify-template.js";

/**
 * What a run's variables hold, as a Dify node reads them: `{{#env.X#}}` from tooldeck's variables
 * (`--var X=…`, `--secret X`), every other selector (`start.id`, `sys.query`, `node.output`) from the
 * run's inputs, named by the selector's text. `get` is undefined for a selector the run does not hold.
 */
export interface DifyVariablePool {
  get(selector: string): { value: unknown } | undefined;
}

/** The pool of one call: the inputs the run gives, and tooldeck's variables as `env.*`. */
export function difyVariablePool(
  inputs: Record<string, unknown>,
  vars: Record<string, string> | undefined,
): DifyVariablePool {
  return {
    get(selector) {
      const { node, path } = selectorPath(selector);
      if (node === "env") {
        const name = path.join(".");
        return vars !== undefined && Object.hasOwn(vars, name) ? { value: vars[name] } : undefined;
      }
      return Object.hasOwn(inputs, selector) ? { value: inputs[selector] } : undefined;
    },
  };
}

/** Whether a selector reads tooldeck's variables (`env.X`) rather than an input of the run. */
export function isEnvSelector(selector: string): boolean {
  return selectorPath(selector).node === "env";
}
