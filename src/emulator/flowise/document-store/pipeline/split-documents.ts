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
 * arrive as strings (the UI sends them so) and default to LangChain's 1000/200.
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
  const sizes = { chunkSize: chunkSize ?? 1000, chunkOverlap: chunkOverlap ?? 200 };
  if (sizes.chunkOverlap >= sizes.chunkSize) {
    // LangChain refuses this too; its default overlap of 200 trips anyone who sets only a small chunkSize.
    throw new Error(
      `Splitter ${splitterId}: chunkOverlap (${sizes.chunkOverlap}${chunkOverlap === undefined ? ", the default" : ""}) must be smaller than chunkSize (${sizes.chunkSize})`,
    );
  }
  return sizes;
}

function integerOption(splitterId: string, key: string, value: unknown, min: number): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
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
