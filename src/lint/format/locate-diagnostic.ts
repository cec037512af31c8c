import type { Diagnostic } from "../diagnostic.js";
import { jsonPathLocator, type TextPosition } from "./locate-json-path.js";

/** Reads a reported config file; undefined when it cannot be read. */
export type ReadReportedFile = (file: string) => string | undefined;

/**
 * Where each finding is written in its config file (line and column of its JSON path), each file read
 * and parsed once. Undefined for a finding whose file cannot be read (`readFile` says so for what is no
 * file: `flowise:<chatflow>`, stdin) or does not parse.
 */
export function createDiagnosticLocator(
  readFile: ReadReportedFile,
): (diagnostic: Diagnostic) => TextPosition | undefined {
  const locators = new Map<string, ((path: string) => TextPosition) | undefined>();
  const locatorOf = (file: string) => {
    if (!locators.has(file)) locators.set(file, parseFile(file, readFile));
    return locators.get(file);
  };
  return (diagnostic) => locatorOf(diagnostic.file)?.(diagnostic.path);
}

function parseFile(file: string, readFile: ReadReportedFile): ((path: string) => TextPosition) | undefined {
  const text = readFile(file);
  if (text === undefined) return undefined;
  try {
    return jsonPathLocator(text);
  } catch {
    return undefined;
  }
}
