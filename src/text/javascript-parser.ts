import { createRequire } from "node:module";
import type * as Acorn from "acorn";
import type * as AcornWalk from "acorn-walk";

const load = createRequire(import.meta.url);

/**
 * acorn, loaded the first time code is parsed (a Flowise Custom Tool's function, an n8n expression):
 * a lint of configs that hold no code never loads it, which keeps it out of every command's start-up.
 * Synchronous, since acorn ships CommonJS, so the lint rules that read code stay synchronous.
 */
export function acorn(): typeof Acorn {
  return load("acorn") as typeof Acorn;
}

/** acorn-walk, loaded like `acorn()`. */
export function acornWalk(): typeof AcornWalk {
  return load("acorn-walk") as typeof AcornWalk;
}
