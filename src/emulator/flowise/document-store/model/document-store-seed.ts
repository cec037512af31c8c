import { z } from "zod";

const ComponentChoiceSchema = z.object({
  name: z.string().min(1),
  config: z.record(z.string(), z.unknown()).optional(),
});

/**
 * A document store the emulator starts with (`seeds/flowise/document-stores/<name>.json`): the store,
 * and loaders that are really upserted at start (loaded, split, embedded and indexed).
 */
export const DocumentStoreSeedSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().nullable().optional(),
  whereUsed: z.array(z.string()).default([]),
  embedding: ComponentChoiceSchema,
  vectorStore: ComponentChoiceSchema,
  recordManager: ComponentChoiceSchema.optional(),
  loaders: z
    .array(
      z.object({
        id: z.string().min(1),
        loaderName: z.string().optional(),
        loader: ComponentChoiceSchema,
        splitter: ComponentChoiceSchema.optional(),
        metadata: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .default([]),
});

export type DocumentStoreSeed = z.infer<typeof DocumentStoreSeedSchema>;
