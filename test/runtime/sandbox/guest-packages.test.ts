import { describe, expect, test } from "vitest";
import { guestPackagesSource } from "../../../src/runtime/sandbox/guest-packages.js";
import { runInSandbox } from "../../../src/runtime/sandbox/run-in-sandbox.js";

/** A prelude that makes `load` a global, so the code can ask for packages. */
const prelude = (names: string[]) => `() => { globalThis.load = ${guestPackagesSource(names)}; }`;

describe("guestPackagesSource: tooldeck's own CommonJS packages, run inside the engine", () => {
  test("buffer and the packages it requires load, once, and work", async () => {
    const code = `const { Buffer } = load("buffer");
return [Buffer.from("user:pass").toString("base64"), load("buffer") === load("buffer"), typeof process].join(" ");`;
    const outcome = await runInSandbox({
      code,
      prelude: prelude(["base64-js", "ieee754", "buffer"]),
      timeoutMs: 5000,
    });
    expect(outcome).toEqual({ ok: true, type: "string", value: "dXNlcjpwYXNz true undefined" });
  });

  test("a package not named is not there, even one the others would require", async () => {
    const outcome = await runInSandbox({
      code: `const seen = [];
for (const name of ["ieee754", "buffer", "fs"]) { try { load(name); seen.push(name + " loaded"); } catch (e) { seen.push(e.message); } }
return seen.join(" | ");`,
      prelude: prelude(["ieee754", "buffer"]),
      timeoutMs: 5000,
    });
    expect(outcome).toEqual({
      ok: true,
      type: "string",
      value: "ieee754 loaded | Cannot find module 'base64-js' | Cannot find module 'fs'",
    });
  });

  test("a package's functions reach nothing of Node's: the engine's Function refuses as everywhere", async () => {
    const outcome = await runInSandbox({
      code: `const { Buffer } = load("buffer");
try { return Buffer.from.constructor("return process")(); } catch (e) { return e.message; }`,
      prelude: prelude(["base64-js", "ieee754", "buffer"]),
      timeoutMs: 5000,
    });
    expect(outcome).toEqual({
      ok: true,
      type: "string",
      value: "Code generation from strings disallowed for this context",
    });
  });
});
