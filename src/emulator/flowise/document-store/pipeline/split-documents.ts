import type { Document } from "@langchain/core/documents";
import {
  CharacterTextSplitter,
  MarkdownTextSplitter,
  RecursiveCharacterTextSplitter,
  type SupportedTextSplitterLanguage,
  SupportedTextSplitterLanguages,
  type TextSplitter,
} from "@langchain/textsplitters";
import { parseJsonWithinDepth } from "../../../json-depth.js";

/** The splitters the emulator runs, by Flowise node name. */
export const SUPPORTED_SPLITTERS = [
  "recursiveCharacterTextSplitter",
  "characterTextSplitter",
  "markdownTextSplitter",
  "codeTextSplitter",
] as const;

/**
 * The LangChain splitter for a Flowise splitter node and its config, or undefined for "do not
 * split". Flowise 3.1 only builds the splitter when its config has at least one key, so a splitter
 * named without a config leaves each loaded document whole; the emulator does the same. Sizes may
 * arrive as strings (the UI sends them so). A falsy size (`0`, `""`) counts as unset, as Flowise's
 * splitter nodes read them (`if (chunkOverlap) …`), so LangChain's defaults of 1000/200 apply: a
 * `chunkOverlap: 0` with a `chunkSize` of 200 or less fails with LangChain's own
 * `Cannot have chunkOverlap >= chunkSize` (checked against Flowise 3.1.4); the string `"0"` is 0.
 */
export function createSplitter(
  splitterId: string | undefined,
  config: Record<string, unknown> | undefined,
): TextSplitter | undefined {
  if (!splitterId || !config || Object.keys(config).length === 0) return undefined;
  if (!(SUPPORTED_SPLITTERS as readonly string[]).includes(splitterId)) {
    throw new Error(
      `Splitter ${splitterId} is not supported by the emulator (supported: ${SUPPORTED_SPLITTERS.join(", ")})`,
    );
  }
  const sizes = splitterSizes(splitterId, config);
  switch (splitterId) {
    case "recursiveCharacterTextSplitter": {
      const separators = jsonStringArray(splitterId, "separators", config.separators);
      return new RecursiveCharacterTextSplitter({ ...sizes, ...(separators ? { separators } : {}) });
    }
    case "characterTextSplitter": {
      const separator =
        typeof config.separator === "string" && config.separator ? config.separator : undefined;
      return new CharacterTextSplitter({ ...sizes, ...(separator ? { separator } : {}) });
    }
    case "markdownTextSplitter":
      return new MarkdownTextSplitter(sizes);
    default:
      return RecursiveCharacterTextSplitter.fromLanguage(codeLanguage(config.language), sizes);
  }
}

/** Splits documents, keeping their metadata and adding LangChain's `loc.lines`. */
export async function splitDocuments(
  documents: Document[],
  splitter: TextSplitter | undefined,
): Promise<Document[]> {
  return splitter ? splitter.splitDocuments(documents) : documents;
}

function splitterSizes(splitterId: string, config: Record<string, unknown>) {
  const chunkSize = integerOption(splitterId, "chunkSize", config.chunkSize, 1);
  const chunkOverlap = integerOption(splitterId, "chunkOverlap", config.chunkOverlap, 0);
  return {
    ...(chunkSize === undefined ? {} : { chunkSize }),
    ...(chunkOverlap === undefined ? {} : { chunkOverlap }),
  };
}

/** A size option: undefined when falsy (Flowise's reading), else an integer of at least `min`. */
function integerOption(splitterId: string, key: string, value: unknown, min: number): number | undefined {
  if (!value) return undefined;
  const number = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < min) {
    const wanted = min > 0 ? "a positive integer" : "a non-negative integer";
    throw new Error(`Splitter ${splitterId}: ${key} must be ${wanted}, got ${JSON.stringify(value)}`);
  }
  return number;
}

function jsonStringArray(splitterId: string, key: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = parseJsonWithinDepth(value);
    } catch {
      throw new Error(
        `Splitter ${splitterId}: ${key} must be a JSON array of strings, got ${JSON.stringify(value)}`,
      );
    }
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === "string")) {
    throw new Error(`Splitter ${splitterId}: ${key} must be an array of strings`);
  }
  return parsed;
}

function codeLanguage(value: unknown): SupportedTextSplitterLanguage {
  if (typeof value === "string" && (SupportedTextSplitterLanguages as readonly string[]).includes(value)) {
    return value as SupportedTextSplitterLanguage;
  }
  throw new Error(
    `Splitter codeTextSplitter: language must be one of ${SupportedTextSplitterLanguages.join(", ")}, got ${JSON.stringify(value)}`,
  );
}
