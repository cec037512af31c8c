import { describe, expect, test } from "vitest";
import { NOW } from "../support.js";
import {
  client,
  flowiseError,
  NO_OVERLAP,
  plainTextUpsert,
  SKY,
  useDocumentStoreEmulator,
} from "./harness.js";

const UNKNOWN = "99999999-9999-4999-8999-999999999999";
const upsertError = (message: string) =>
  flowiseError(500, `Error: documentStoreServices.upsertDocStoreMiddleware - ${message}`);
/** Flowise 3.1.4's wrappers from an upsert down to the loader and splitter nodes. */
const IN_LOADER =
  "Error: documentStoreServices.upsertDocStore - Error: documentStoreServices._saveChunksToStorage - Error: documentStoreServices.splitIntoChunks - ";
const RECORD_MANAGER = {
  name: "postgresRecordManager",
  config: { cleanup: "incremental", sourceIdKey: "source" },
};

describe("document stores: upsert and refresh", () => {
  const { emulator, transports } = useDocumentStoreEmulator();
  const storeState = (id: string) => {
    const found = emulator.snapshot().documentStores.find((entry) => entry.store.id === id);
    return (
      found && {
        status: found.store.status,
        loaders: found.store.loaders,
        chunks: found.chunks,
        vectors: found.vectors,
      }
    );
  };

  describe.each(transports)("over $name", (transport) => {
    const api = client(transport);

    test("a JSON upsert from scratch loads, splits, embeds and indexes: {numAdded, addedDocs, docId}", async () => {
      const store = await api.createStore();
      const result = await api.upsert(store.id, plainTextUpsert(SKY, { metadata: { topic: "sky" } }));
      expect(result).toEqual({
        numAdded: 3,
        addedDocs: [
          {
            pageContent: "Why the sky is blue: sunlight scatters off air molecules.",
            metadata: { loc: { lines: { from: 1, to: 1 } }, topic: "sky", docId: result.docId },
          },
          {
            pageContent: "Short blue wavelengths scatter the most.",
            metadata: { loc: { lines: { from: 3, to: 3 } }, topic: "sky", docId: result.docId },
          },
          {
            pageContent: "Sunsets look red because light crosses more air.",
            metadata: { loc: { lines: { from: 5, to: 5 } }, topic: "sky", docId: result.docId },
          },
        ],
        docId: expect.any(String),
      });
      const dto = await api.getStore(store.id);
      expect(dto).toMatchObject({
        status: "UPSERTED",
        totalChunks: 3,
        totalChars: 145,
        embeddingConfig: { name: "openAIEmbeddings", config: { modelName: "text-embedding-ada-002" } },
        vectorStoreConfig: { name: "faiss", config: {} },
        recordManagerConfig: null,
      });
      expect(dto.loaders).toEqual([
        {
          id: result.docId,
          loaderId: "plainText",
          loaderName: "Plain Text",
          loaderConfig: { text: SKY, metadata: { topic: "sky" } },
          splitterId: "recursiveCharacterTextSplitter",
          splitterName: "Recursive Character Text Splitter",
          splitterConfig: { chunkSize: 60, chunkOverlap: NO_OVERLAP },
          totalChunks: 3,
          totalChars: 145,
          status: "SYNC",
          source: "None",
        },
      ]);
      expect(storeState(store.id)?.vectors).toBe(3);
    });

    test("multipart with several files: fields by extension, one document per file, string flags", async () => {
      const store = await api.createStore();
      const answer = await api.multipart(
        store.id,
        {
          loader: JSON.stringify({ name: "textFile" }),
          splitter: JSON.stringify({
            name: "recursiveCharacterTextSplitter",
            config: { chunkSize: 1000, chunkOverlap: 0 },
          }),
          embedding: JSON.stringify({ name: "openAIEmbeddings" }),
          vectorStore: JSON.stringify({ name: "pinecone" }),
          metadata: '{"batch":"b1"}',
          replaceExisting: "FALSE",
          createNewDocStore: "False",
        },
        [
          new File(["alpha text"], "a.txt", { type: "text/plain" }),
          new File(["# Beta\n\nmarkdown"], "b.md", { type: "text/markdown" }),
          new File(['{"gamma": 1}'], "c.json", { type: "application/json" }),
          new File(["x,y\n1,2"], "d.csv", { type: "text/csv" }),
          new File(["<p>epsilon</p>"], "e.html", { type: "text/html" }),
        ],
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.numAdded).toBe(5);
      // Files are loaded field by field (txtFile, then jsonFile, csvFile), each as Flowise's typeless Blob.
      expect(
        answer.body.addedDocs.map((doc: { pageContent: string; metadata: object }) => [
          doc.pageContent,
          doc.metadata,
        ]),
      ).toEqual(
        ["alpha text", "# Beta\n\nmarkdown", "<p>epsilon</p>", '{"gamma": 1}', "x,y\n1,2"].map((text) => [
          text,
          expect.objectContaining({ source: "blob", blobType: "", batch: "b1", docId: answer.body.docId }),
        ]),
      );
      const [loader] = (await api.getStore(store.id)).loaders;
      expect(loader.loaderConfig).toEqual({
        txtFile: 'FILE-STORAGE::["a.txt","b.md","e.html"]',
        jsonFile: 'FILE-STORAGE::["c.json"]',
        csvFile: 'FILE-STORAGE::["d.csv"]',
        metadata: { batch: "b1" },
      });
      expect(loader.loaderName).toBe("Text File");
      expect(
        loader.files.map(
          (file: { name: string; mimePrefix: string; size: number; status: string; uploaded: string }) => [
            file.name,
            file.mimePrefix,
            file.size,
            file.status,
            file.uploaded,
          ],
        ),
      ).toEqual([
        ["a.txt", "text/plain", 10, "NEW", NOW],
        ["b.md", "text/markdown", 16, "NEW", NOW],
        ["e.html", "text/html", 14, "NEW", NOW],
        ["c.json", "application/json", 12, "NEW", NOW],
        ["d.csv", "text/csv", 7, "NEW", NOW],
      ]);
      expect(emulator.snapshot().documentStores).toHaveLength(1);
    });

    test("a multipart text upload's chunk metadata is {source: blob, blobType: ''}, as Flowise 3.1.4 stores it", async () => {
      const store = await api.createStore();
      const answer = await api.multipart(
        store.id,
        {
          loader: JSON.stringify({ name: "textFile" }),
          embedding: JSON.stringify({ name: "openAIEmbeddings" }),
          vectorStore: JSON.stringify({ name: "faiss" }),
        },
        [new File(["plain words"], "notes.txt", { type: "text/plain" })],
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { chunks } = await api.chunks(store.id, answer.body.docId);
      expect(
        chunks.map((chunk: { pageContent: string; metadata: string }) => [chunk.pageContent, chunk.metadata]),
      ).toEqual([["plain words", '{"source":"blob","blobType":""}']]);
    });

    test("a JSON upsert may carry files as Flowise base64 data URIs in the loader config", async () => {
      const store = await api.createStore();
      const uri = `data:text/plain;base64,${Buffer.from("from a data uri").toString("base64")},filename:note.txt`;
      const result = await api.upsert(
        store.id,
        plainTextUpsert("", { loader: { name: "textFile", config: { txtFile: uri } }, splitter: undefined }),
      );
      expect(result.addedDocs).toEqual([
        {
          pageContent: "from a data uri",
          metadata: { source: "blob", blobType: "", docId: result.docId },
        },
      ]);
      expect((await api.getStore(store.id)).loaders[0].loaderConfig).toEqual({
        txtFile: 'FILE-STORAGE::["note.txt"]',
      });
    });

    test("from a docId: the loader's config is reused for a NEW loader; replaceExisting re-processes it in place", async () => {
      const store = await api.createStore();
      const first = await api.upsert(store.id, plainTextUpsert(SKY));
      const reused = await api.upsert(store.id, { docId: first.docId });
      expect(reused.docId).not.toBe(first.docId);
      expect(reused.numAdded).toBe(3);
      const replaced = await api.upsert(store.id, {
        docId: first.docId,
        replaceExisting: "True",
        loader: { config: { text: "Only one line now." } },
      });
      expect(replaced).toMatchObject({ numAdded: 1, docId: first.docId });
      const dto = await api.getStore(store.id);
      expect(
        dto.loaders.map((loader: { id: string; totalChunks: number }) => [loader.id, loader.totalChunks]),
      ).toEqual([
        [reused.docId, 3],
        [first.docId, 1],
      ]);
      expect(dto.totalChunks).toBe(4);
      // Without a record manager the replaced loader's old vectors stay (Flowise #4873).
      expect(storeState(store.id)?.vectors).toBe(7);
    });

    test("with a record manager an unchanged re-upsert skips and a changed one cleans up", async () => {
      const store = await api.createStore();
      const body = plainTextUpsert(SKY, { recordManager: RECORD_MANAGER, metadata: { source: "sky" } });
      const first = await api.upsert(store.id, body);
      expect(first).toMatchObject({ numAdded: 3, numDeleted: 0, numUpdated: 0, numSkipped: 0, totalKeys: 3 });
      const again = await api.upsert(store.id, { ...body, docId: first.docId, replaceExisting: true });
      expect(again).toEqual({
        numAdded: 0,
        numDeleted: 0,
        numUpdated: 0,
        numSkipped: 3,
        totalKeys: 3,
        addedDocs: [],
        docId: first.docId,
      });
      const changed = await api.upsert(store.id, {
        docId: first.docId,
        replaceExisting: true,
        loader: { config: { text: "Why the sky is blue: sunlight scatters off air molecules." } },
      });
      expect(changed).toMatchObject({ numAdded: 0, numSkipped: 1, numDeleted: 2, totalKeys: 1 });
      expect(storeState(store.id)?.vectors).toBe(1);
      expect((await api.getStore(store.id)).recordManagerConfig).toEqual(RECORD_MANAGER);
    });

    test("createNewDocStore creates the store named by docStore and upserts there; the path's store is untouched", async () => {
      const store = await api.createStore("Original");
      const result = await api.upsert(
        store.id,
        plainTextUpsert(SKY, {
          createNewDocStore: "TRUE",
          docStore: '{"name":"Fresh","description":"made by upsert"}',
        }),
      );
      const list = await api.ok("GET", "/document-store/store");
      const fresh = list.find((entry: { name: string }) => entry.name === "Fresh");
      expect(fresh).toMatchObject({ description: "made by upsert", status: "UPSERTED", totalChunks: 3 });
      expect(fresh.loaders[0].id).toBe(result.docId);
      expect((await api.getStore(store.id)).status).toBe("EMPTY");
    });

    test("createNewDocStore without docStore names the store after the clock", async () => {
      const store = await api.createStore("Original");
      await api.upsert(store.id, plainTextUpsert(SKY, { createNewDocStore: true }));
      const names = (await api.ok("GET", "/document-store/store")).map(
        (entry: { name: string }) => entry.name,
      );
      expect(names).toContain(`Document Store ${Date.parse(NOW)}`);
    });

    test.each([
      [
        "no loader",
        { embedding: { name: "openAIEmbeddings" }, vectorStore: { name: "faiss" } },
        "Loader not configured",
      ],
      [
        "an unknown loader without loaderName",
        plainTextUpsert(SKY, { loader: { name: "mysteryLoader", config: {} } }),
        "Loader not configured",
      ],
      ["no vector store", plainTextUpsert(SKY, { vectorStore: undefined }), "Vector store not configured"],
      ["no embedding", plainTextUpsert(SKY, { embedding: undefined }), "Embedding not configured"],
      ["bad metadata", plainTextUpsert(SKY, { metadata: "{not json" }), "Error: Invalid metadata"],
      [
        "a bad JSON string field",
        plainTextUpsert(SKY, { splitter: "{oops" }),
        /^splitter is not valid JSON: Expected property name or '}' in JSON at position 1/,
      ],
      [
        "a component that is not an object",
        plainTextUpsert(SKY, { vectorStore: "[1]" }),
        "vectorStore must be an object {name, config}",
      ],
      ["an unknown docId", { docId: UNKNOWN }, `Document loader ${UNKNOWN} not found`],
      [
        "txtFile, which is a file field and not a loader node name",
        plainTextUpsert(SKY, { loader: { name: "txtFile", config: {} } }),
        "Loader not configured",
      ],
      [
        "a createNewDocStore that then fails",
        plainTextUpsert(SKY, { createNewDocStore: true, embedding: undefined }),
        "Embedding not configured",
      ],
    ])("%s: 500 with the message, and the store is unchanged", async (_name, body, message) => {
      const store = await api.createStore();
      await api.upsert(store.id, plainTextUpsert("Existing content stays."));
      const before = storeState(store.id);
      const answer = await api.call("POST", `/document-store/upsert/${store.id}`, body);
      if (message instanceof RegExp) {
        // The parser's own words differ between Node versions after the position.
        expect(answer.status).toBe(500);
        expect(
          answer.body.message.replace("Error: documentStoreServices.upsertDocStoreMiddleware - ", ""),
        ).toMatch(message);
      } else {
        expect(answer).toMatchObject({ status: 500, body: upsertError(message) });
      }
      expect(storeState(store.id)).toEqual(before);
      expect(emulator.snapshot().documentStores).toHaveLength(1);
    });

    test.each([
      [
        "chunkOverlap 0 under a chunkSize of 50 (0 is unset: the default 200)",
        plainTextUpsert(SKY, {
          splitter: { name: "recursiveCharacterTextSplitter", config: { chunkSize: 50, chunkOverlap: 0 } },
        }),
        "Cannot have chunkOverlap >= chunkSize",
      ],
      [
        "a loader without text",
        plainTextUpsert(SKY, { loader: { name: "plainText", config: {} } }),
        "Loader plainText needs config.text, the text to load",
      ],
      [
        "a web loader",
        plainTextUpsert(SKY, {
          loader: { name: "cheerioWebScraper", config: { url: "https://example.com" } },
        }),
        "Loader cheerioWebScraper is not supported by the emulator without files: it loads plainText (config.text) and uploaded text files",
      ],
      [
        "an unsupported splitter",
        plainTextUpsert(SKY, { splitter: { name: "tokenTextSplitter", config: { chunkSize: 5 } } }),
        "Splitter tokenTextSplitter is not supported by the emulator (supported: recursiveCharacterTextSplitter, characterTextSplitter, markdownTextSplitter, codeTextSplitter)",
      ],
    ])("%s: 500 from inside the loader, which is left SYNCING", async (_name, body, reason) => {
      const store = await api.createStore();
      await api.upsert(store.id, plainTextUpsert("Existing content stays."));
      const before = storeState(store.id);
      const answer = await api.call("POST", `/document-store/upsert/${store.id}`, body);
      expect(answer).toMatchObject({ status: 500, body: upsertError(`${IN_LOADER}${reason}`) });
      const after = storeState(store.id);
      expect({ chunks: after?.chunks, vectors: after?.vectors }).toEqual({
        chunks: before?.chunks,
        vectors: before?.vectors,
      });
      expect(after?.loaders).toEqual([
        ...(before?.loaders ?? []),
        expect.objectContaining({ totalChunks: 0, totalChars: 0, status: "SYNCING" }),
      ]);
      expect(after?.status).toBe("STALE");
      expect(emulator.snapshot().documentStores).toHaveLength(1);
    });

    test.each([
      ["recursiveCharacterTextSplitter", { chunkSize: 50, chunkOverlap: 0 }],
      ["recursiveCharacterTextSplitter", { chunkSize: 100, chunkOverlap: 100 }],
      ["recursiveCharacterTextSplitter", { chunkSize: 40, chunkOverlap: 80 }],
      ["characterTextSplitter", { chunkSize: 60, chunkOverlap: 60 }],
      ["markdownTextSplitter", { chunkSize: "30", chunkOverlap: "45" }],
    ])("%s %j: Flowise 3.1.4's exact message, no previewChunks segment", async (name, config) => {
      const store = await api.createStore();
      const answer = await api.call(
        "POST",
        `/document-store/upsert/${store.id}`,
        plainTextUpsert(SKY, { splitter: { name, config } }),
      );
      expect(answer).toMatchObject({
        status: 500,
        body: {
          message:
            "Error: documentStoreServices.upsertDocStoreMiddleware - Error: documentStoreServices.upsertDocStore - Error: documentStoreServices._saveChunksToStorage - Error: documentStoreServices.splitIntoChunks - Cannot have chunkOverlap >= chunkSize",
        },
      });
    });

    test("chunkOverlap 0 with chunkSize 50: Flowise's nested 500, the loader saved SYNCING, the store STALE", async () => {
      const store = await api.createStore();
      const splitter = { name: "recursiveCharacterTextSplitter", config: { chunkSize: 50, chunkOverlap: 0 } };
      const answer = await api.call(
        "POST",
        `/document-store/upsert/${store.id}`,
        plainTextUpsert(SKY, { splitter }),
      );
      expect(answer).toEqual({
        status: 500,
        type: "application/json; charset=utf-8",
        body: flowiseError(
          500,
          "Error: documentStoreServices.upsertDocStoreMiddleware - Error: documentStoreServices.upsertDocStore - Error: documentStoreServices._saveChunksToStorage - Error: documentStoreServices.splitIntoChunks - Cannot have chunkOverlap >= chunkSize",
        ),
      });
      const dto = await api.getStore(store.id);
      expect(dto).toMatchObject({ status: "STALE", totalChunks: 0, totalChars: 0 });
      expect(dto.loaders).toEqual([
        {
          id: expect.any(String),
          loaderId: "plainText",
          loaderName: "Plain Text",
          loaderConfig: { text: SKY },
          splitterId: "recursiveCharacterTextSplitter",
          splitterName: "Recursive Character Text Splitter",
          splitterConfig: { chunkSize: 50, chunkOverlap: 0 },
          totalChunks: 0,
          totalChars: 0,
          status: "SYNCING",
          source: "None",
        },
      ]);
      expect(storeState(store.id)).toMatchObject({ chunks: [], vectors: 0 });
      // The same loader with an overlap below the size (the string "0" is 0) goes through. The store
      // never got its components: the failed upsert stopped before it saved them.
      expect(dto).toMatchObject({ vectorStoreConfig: null, embeddingConfig: null });
      const { embedding, vectorStore } = plainTextUpsert(SKY);
      const fixed = await api.upsert(store.id, {
        docId: dto.loaders[0].id,
        replaceExisting: true,
        splitter: { config: { chunkOverlap: NO_OVERLAP } },
        embedding,
        vectorStore,
      });
      expect(fixed).toMatchObject({ numAdded: 4, docId: dto.loaders[0].id });
      expect(await api.getStore(store.id)).toMatchObject({ status: "UPSERTED", totalChunks: 4 });
    });

    test("a refresh whose loader fails answers the same nested message and changes nothing", async () => {
      const store = await api.createStore();
      const { docId } = await api.upsert(store.id, plainTextUpsert(SKY));
      const before = storeState(store.id);
      const answer = await api.call("POST", `/document-store/refresh/${store.id}`, {
        items: [{ docId, splitter: { config: { chunkOverlap: 0 } } }],
      });
      expect(answer).toMatchObject({
        status: 500,
        body: flowiseError(
          500,
          `Error: documentStoreServices.refreshDocStoreMiddleware - ${IN_LOADER}Cannot have chunkOverlap >= chunkSize`,
        ),
      });
      expect(storeState(store.id)).toEqual(before);
    });

    describe("JSON text in a string field nested 10,000 deep (the body's own check reads one string)", () => {
      const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;

      test("a JSON upsert's metadata string is 400 naming the field, nothing stored", async () => {
        const store = await api.createStore();
        const answer = await api.call(
          "POST",
          `/document-store/upsert/${store.id}`,
          plainTextUpsert(SKY, { metadata: deep }),
        );
        expect(answer).toMatchObject({
          status: 400,
          body: flowiseError(400, "metadata: JSON nests deeper than 256 levels"),
        });
        expect(storeState(store.id)?.chunks).toEqual([]);
      });

      test("a multipart field is 400 naming the field", async () => {
        const store = await api.createStore();
        const answer = await api.multipart(
          store.id,
          { loader: JSON.stringify({ name: "textFile" }), metadata: deep },
          [new File(["alpha text"], "a.txt", { type: "text/plain" })],
        );
        expect(answer).toMatchObject({
          status: 400,
          body: flowiseError(400, "metadata: JSON nests deeper than 256 levels"),
        });
      });

      test("a loader's metadata string is refused by name, not by a stack overflow", async () => {
        const store = await api.createStore();
        const loader = { name: "plainText", config: { text: SKY, metadata: deep } };
        const answer = await api.call(
          "POST",
          `/document-store/upsert/${store.id}`,
          plainTextUpsert(SKY, { loader }),
        );
        expect(answer).toMatchObject({
          status: 500,
          body: upsertError(`${IN_LOADER}JSON nests deeper than 256 levels`),
        });
      });

      test("255 levels are still accepted", async () => {
        const store = await api.createStore();
        const within = `${'{"a":'.repeat(255)}1${"}".repeat(255)}`;
        const answer = await api.call(
          "POST",
          `/document-store/upsert/${store.id}`,
          plainTextUpsert(SKY, { metadata: within }),
        );
        expect(answer.status).toBe(200);
      });
    });

    test("an upsert into an unknown store is a 500 naming it", async () => {
      expect(await api.call("POST", `/document-store/upsert/${UNKNOWN}`, plainTextUpsert(SKY))).toMatchObject(
        {
          status: 500,
          body: upsertError(
            `Error: documentStoreServices.upsertDocStore - Error: documentStoreServices.saveProcessingLoader - Error: documentStoreServices.saveProcessingLoader - Document store ${UNKNOWN} not found`,
          ),
        },
      );
    });

    test.each([
      [
        "an unsupported file type",
        [new File(["text"], "ok.txt"), new File(["%PDF-1.7"], "report.pdf", { type: "application/pdf" })],
        "files",
        upsertError(
          "Unsupported file type: report.pdf (application/pdf); the emulator loads text files only (.txt, .md, .markdown, .csv, .tsv, .json, .jsonl, .html, .htm, .xml, .yaml, .yml, .log, .text)",
        ),
      ],
      [
        "a file under another field",
        [new File(["text"], "ok.txt")],
        "document",
        flowiseError(500, "Unexpected field"),
      ],
    ])("multipart with %s fails and writes nothing", async (_name, files, field, error) => {
      const store = await api.createStore();
      await api.upsert(store.id, plainTextUpsert("Existing content stays."));
      const before = storeState(store.id);
      const fields = {
        loader: '{"name":"textFile"}',
        embedding: '{"name":"openAIEmbeddings"}',
        vectorStore: '{"name":"faiss"}',
      };
      const answer = await api.multipart(store.id, fields, files, field);
      expect(answer).toMatchObject({ status: 500, body: error });
      expect(storeState(store.id)).toEqual(before);
    });

    test("multipart fields that are bad JSON strings are a 500 naming the field, and write nothing", async () => {
      const store = await api.createStore();
      const fields = {
        loader: "{oops",
        embedding: '{"name":"openAIEmbeddings"}',
        vectorStore: '{"name":"faiss"}',
      };
      const answer = await api.multipart(store.id, fields, [new File(["text"], "ok.txt")]);
      expect(answer.status).toBe(500);
      expect(answer.body.message).toMatch(
        /^Error: documentStoreServices\.upsertDocStoreMiddleware - loader is not valid JSON: /,
      );
      expect(storeState(store.id)).toMatchObject({ status: "EMPTY", chunks: [], vectors: 0 });
    });

    test("a malformed multipart body is a 500 and writes nothing", async () => {
      const store = await api.createStore();
      const answer = await api.call(
        "POST",
        `/document-store/upsert/${store.id}`,
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
        {
          headers: {
            authorization: "Bearer key-a-0123456789",
            "content-type": "multipart/form-data; boundary=xyz",
          },
        },
      );
      expect(answer.status).toBe(500);
      expect(answer.body.message).toMatch(/^Malformed multipart\/form-data body: /);
      expect(storeState(store.id)?.status).toBe("EMPTY");
    });

    test("a 50 MB upload is refused with 413 and nothing is half written", async () => {
      const store = await api.createStore();
      await api.upsert(store.id, plainTextUpsert("Existing content stays."));
      const before = storeState(store.id);
      const big = new File([new Uint8Array(50 * 1024 * 1024).fill(97)], "big.txt", { type: "text/plain" });
      const answer = await api.multipart(
        store.id,
        {
          loader: '{"name":"textFile"}',
          embedding: '{"name":"openAIEmbeddings"}',
          vectorStore: '{"name":"faiss"}',
        },
        [big],
      );
      expect(answer).toMatchObject({ status: 413, body: flowiseError(413, "request entity too large") });
      expect(storeState(store.id)).toEqual(before);
    });

    test("POST /refresh without a body re-processes every loader in place and answers an array", async () => {
      const store = await api.createStore();
      const one = await api.upsert(store.id, plainTextUpsert(SKY));
      const two = await api.upsert(store.id, plainTextUpsert("Second loader text."));
      const results = await api.ok("POST", `/document-store/refresh/${store.id}`);
      expect(
        results.map((result: { docId: string; numAdded: number }) => [result.docId, result.numAdded]),
      ).toEqual([
        [one.docId, 3],
        [two.docId, 1],
      ]);
      expect((await api.getStore(store.id)).totalChunks).toBe(4);
      // A refresh without a record manager adds every vector again (Flowise #4873).
      expect(storeState(store.id)?.vectors).toBe(8);
    });

    test("POST /refresh with items re-processes those loaders with the items' overrides", async () => {
      const store = await api.createStore();
      const one = await api.upsert(
        store.id,
        plainTextUpsert(SKY, { recordManager: RECORD_MANAGER, metadata: { source: "sky" } }),
      );
      const results = await api.ok("POST", `/document-store/refresh/${store.id}`, {
        items: [{ docId: one.docId, splitter: { config: { chunkSize: 1000, chunkOverlap: 0 } } }],
      });
      expect(results).toEqual([
        expect.objectContaining({ docId: one.docId, numAdded: 1, numDeleted: 3, totalKeys: 1 }),
      ]);
      expect(storeState(store.id)?.vectors).toBe(1);
    });

    test.each([
      [{ items: [{ docId: UNKNOWN }] }, `Document loader ${UNKNOWN} not found`],
      [{ items: { docId: "x" } }, "items must be an array"],
    ])("POST /refresh %j fails as a whole and changes nothing", async (body, message) => {
      const store = await api.createStore();
      const one = await api.upsert(store.id, plainTextUpsert(SKY));
      const before = storeState(store.id);
      const items = Array.isArray(body.items) ? [{ docId: one.docId }, ...body.items] : body.items;
      const answer = await api.call("POST", `/document-store/refresh/${store.id}`, { items });
      expect(answer).toMatchObject({
        status: 500,
        body: flowiseError(500, `Error: documentStoreServices.refreshDocStoreMiddleware - ${message}`),
      });
      expect(storeState(store.id)).toEqual(before);
    });

    test("POST /refresh of an unknown store is a 500", async () => {
      expect(await api.call("POST", `/document-store/refresh/${UNKNOWN}`)).toMatchObject({
        status: 500,
        body: flowiseError(
          500,
          `Error: documentStoreServices.refreshDocStoreMiddleware - Document store ${UNKNOWN} not found`,
        ),
      });
    });
  });
});
