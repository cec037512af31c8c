import { describe, expect, test } from "vitest";
import type { StoredFile } from "../../../../src/emulator/flowise/document-store/model/document-store-model.js";
import { fileInputField } from "../../../../src/emulator/flowise/document-store/pipeline/file-input-field.js";
import {
  fileStorageValue,
  referencedFiles,
} from "../../../../src/emulator/flowise/document-store/pipeline/load-documents.js";
import { produceChunks } from "../../../../src/emulator/flowise/document-store/pipeline/produce-chunks.js";
import { createSplitter } from "../../../../src/emulator/flowise/document-store/pipeline/split-documents.js";
import { isTextFile } from "../../../../src/emulator/flowise/document-store/pipeline/text-file-type.js";
import {
  fromDataUri,
  toStoredFile,
} from "../../../../src/emulator/flowise/document-store/pipeline/uploaded-file.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const noFiles = () => undefined;

describe("file types", () => {
  test.each([
    ["notes.txt", "txtFile"],
    ["README.md", "txtFile"],
    ["page.html", "txtFile"],
    ["data.csv", "csvFile"],
    ["sheet.xlsx", "csvFile"],
    ["data.json", "jsonFile"],
    ["lines.jsonl", "jsonlinesFile"],
    ["report.pdf", "pdfFile"],
    ["letter.docx", "docxFile"],
    ["spec.yaml", "yamlFile"],
    ["NOTES.TXT", "txtFile"],
  ])("%s goes to the %s field, as Flowise maps extensions", (name, field) => {
    expect(fileInputField(name)).toBe(field);
  });

  test.each([
    ["a.txt", "", true],
    ["a.MD", "application/octet-stream", true],
    ["a.csv", "text/csv", true],
    ["a.json", "application/json", true],
    ["a.html", "text/html", true],
    ["notes", "text/plain", true],
    ["a.rst", "text/x-rst", true],
    ["a.pdf", "application/pdf", false],
    ["a.docx", "", false],
    ["blob", "application/octet-stream", false],
    ["a.png", "image/png", false],
  ])("isTextFile(%s, %s) = %s", (name, mime, expected) => {
    expect(isTextFile(name, mime)).toBe(expected);
  });

  test("an unsupported upload is refused with a message naming the file, its type and what is supported", () => {
    expect(() =>
      toStoredFile({ name: "report.pdf", mimeType: "application/pdf", bytes: bytes("%PDF") }),
    ).toThrow(
      "Unsupported file type: report.pdf (application/pdf); the emulator loads text files only (.txt, .md, .markdown, .csv, .tsv, .json, .jsonl, .html, .htm, .xml, .yaml, .yml, .log, .text)",
    );
  });

  test("a text upload is decoded as UTF-8 and sized in bytes", () => {
    expect(toStoredFile({ name: "é.txt", mimeType: "text/plain", bytes: bytes("héllo") })).toEqual({
      name: "é.txt",
      mimeType: "text/plain",
      size: 6,
      text: "héllo",
    });
  });

  test.each([
    ["data:text/plain;base64,aGk=,filename:hi.txt", { name: "hi.txt", mimeType: "text/plain", text: "hi" }],
    ["data:text/markdown;charset=utf-8;base64,aGk=", { name: "file", mimeType: "text/markdown", text: "hi" }],
  ])("data URI %s", (uri, expected) => {
    const file = fromDataUri(uri);
    expect({
      name: file?.name,
      mimeType: file?.mimeType,
      text: Buffer.from(file?.bytes ?? []).toString(),
    }).toEqual(expected);
  });

  test("a value that is not a data URI is not a file", () => {
    expect(fromDataUri("why the sky is blue")).toBeUndefined();
  });
});

describe("splitters", () => {
  test.each([
    [undefined, { chunkSize: 10 }],
    ["recursiveCharacterTextSplitter", undefined],
    ["recursiveCharacterTextSplitter", {}],
  ])("%s with config %j does not split (Flowise needs a non-empty config)", (id, config) => {
    expect(createSplitter(id, config)).toBeUndefined();
  });

  test.each([
    ["recursiveCharacterTextSplitter", { chunkSize: 100, chunkOverlap: "10" }],
    ["characterTextSplitter", { chunkSize: "100", chunkOverlap: "0", separator: "\n" }],
    ["markdownTextSplitter", { chunkSize: 100, chunkOverlap: "0" }],
    ["codeTextSplitter", { chunkSize: 100, chunkOverlap: "0", language: "js" }],
  ])("%s honours chunkSize and chunkOverlap", (id, config) => {
    const splitter = createSplitter(id, config);
    expect(splitter?.chunkSize).toBe(100);
    expect(splitter?.chunkOverlap).toBe(Number(config.chunkOverlap));
  });

  test.each([
    [{ chunkSize: 500, chunkOverlap: 0 }, 500, 200],
    [{ chunkSize: 500, chunkOverlap: "" }, 500, 200],
    [{ chunkSize: 500, chunkOverlap: null }, 500, 200],
    [{ chunkSize: 0, chunkOverlap: 10 }, 1000, 10],
    [{ chunkSize: "", chunkOverlap: "0" }, 1000, 0],
  ])("a falsy size counts as unset, as Flowise reads it: %j → %i/%i", (config, chunkSize, chunkOverlap) => {
    const splitter = createSplitter("recursiveCharacterTextSplitter", config);
    expect([splitter?.chunkSize, splitter?.chunkOverlap]).toEqual([chunkSize, chunkOverlap]);
  });

  test.each([
    [
      "tokenTextSplitter",
      { chunkSize: 10 },
      "Splitter tokenTextSplitter is not supported by the emulator (supported: recursiveCharacterTextSplitter, characterTextSplitter, markdownTextSplitter, codeTextSplitter)",
    ],
    [
      "recursiveCharacterTextSplitter",
      { chunkSize: "abc" },
      'Splitter recursiveCharacterTextSplitter: chunkSize must be a positive integer, got "abc"',
    ],
    [
      "recursiveCharacterTextSplitter",
      { chunkSize: "0" },
      'Splitter recursiveCharacterTextSplitter: chunkSize must be a positive integer, got "0"',
    ],
    [
      "recursiveCharacterTextSplitter",
      { chunkSize: 10, chunkOverlap: -1 },
      "Splitter recursiveCharacterTextSplitter: chunkOverlap must be a non-negative integer, got -1",
    ],
    // LangChain's own check, as Flowise passes it on; the default overlap is 200.
    ["recursiveCharacterTextSplitter", { chunkSize: 100 }, "Cannot have chunkOverlap >= chunkSize"],
    [
      "recursiveCharacterTextSplitter",
      { chunkSize: 50, chunkOverlap: 0 },
      "Cannot have chunkOverlap >= chunkSize",
    ],
    [
      "recursiveCharacterTextSplitter",
      { chunkSize: 100, chunkOverlap: 100 },
      "Cannot have chunkOverlap >= chunkSize",
    ],
    ["characterTextSplitter", { chunkSize: 50, chunkOverlap: 0 }, "Cannot have chunkOverlap >= chunkSize"],
    ["markdownTextSplitter", { chunkSize: "50", chunkOverlap: 0 }, "Cannot have chunkOverlap >= chunkSize"],
    [
      "recursiveCharacterTextSplitter",
      { chunkSize: 100, chunkOverlap: 0, separators: "[oops" },
      'Splitter recursiveCharacterTextSplitter: separators must be a JSON array of strings, got "[oops"',
    ],
    [
      "codeTextSplitter",
      { chunkSize: 100, chunkOverlap: 0, language: "cobol" },
      "Splitter codeTextSplitter: language must be one of",
    ],
  ])("%s with %j is refused", (id, config, message) => {
    expect(() => createSplitter(id, config)).toThrow(message);
  });
});

describe("produceChunks", () => {
  const file: StoredFile = {
    name: "a.md",
    mimeType: "text/markdown",
    size: 0,
    text: "alpha beta\n\ngamma delta\n\nepsilon",
  };

  test("plainText loads its text; a splitter cuts it and adds loc; metadata is added to every chunk", async () => {
    const chunks = await produceChunks(
      {
        loaderId: "plainText",
        loaderConfig: { text: "one two three\n\nfour five six", metadata: '{"lang":"en"}' },
        splitterId: "recursiveCharacterTextSplitter",
        splitterConfig: { chunkSize: 15, chunkOverlap: "0" },
      },
      noFiles,
    );
    expect(chunks.map((chunk) => [chunk.pageContent, chunk.metadata])).toEqual([
      ["one two three", { loc: { lines: { from: 1, to: 1 } }, lang: "en" }],
      ["four five six", { loc: { lines: { from: 3, to: 3 } }, lang: "en" }],
    ]);
  });

  test("file loaders read the files their config names; a file's document is source blob, blobType empty", async () => {
    const chunks = await produceChunks(
      { loaderId: "textFile", loaderConfig: { txtFile: fileStorageValue(["a.md"]) } },
      (name) => (name === "a.md" ? file : undefined),
    );
    expect(chunks.map((chunk) => [chunk.pageContent, chunk.metadata])).toEqual([
      [file.text, { source: "blob", blobType: "" }],
    ]);
  });

  test("omitMetadataKeys drops a loader key", async () => {
    const chunks = await produceChunks(
      {
        loaderId: "textFile",
        loaderConfig: { txtFile: fileStorageValue(["a.md"]), omitMetadataKeys: "blobType" },
      },
      (name) => (name === "a.md" ? file : undefined),
    );
    expect(chunks.map((chunk) => chunk.metadata)).toEqual([{ source: "blob" }]);
  });

  test("omitMetadataKeys * keeps only the added metadata; NUL characters are removed", async () => {
    const chunks = await produceChunks(
      {
        loaderId: "plainText",
        loaderConfig: { text: "a\u0000b", metadata: { k: 1 }, omitMetadataKeys: "*" },
      },
      noFiles,
    );
    expect(chunks.map((chunk) => [chunk.pageContent, chunk.metadata])).toEqual([["ab", { k: 1 }]]);
  });

  test.each([
    ["plainText", {}, "Loader plainText needs config.text, the text to load"],
    [
      "cheerioWebScraper",
      { url: "https://example.com" },
      "Loader cheerioWebScraper is not supported by the emulator without files: it loads plainText (config.text) and uploaded text files",
    ],
    [
      "textFile",
      { txtFile: fileStorageValue(["gone.txt"]) },
      "File gone.txt of loader textFile is not in the document store",
    ],
  ])("%s with %j fails: %s", async (loaderId, loaderConfig, message) => {
    await expect(produceChunks({ loaderId, loaderConfig }, noFiles)).rejects.toThrow(message);
  });

  test("referencedFiles reads every FILE-STORAGE field once, in order", () => {
    expect(
      referencedFiles({
        txtFile: 'FILE-STORAGE::["a.txt","b.md"]',
        jsonFile: "FILE-STORAGE::c.json",
        csvFile: fileStorageValue(["a.txt"]),
        text: "FILE-STORAGE::not-a-file",
      }),
    ).toEqual(["a.txt", "b.md", "c.json"]);
  });
});
