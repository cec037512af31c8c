import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { AgentToJudge } from "../../../src/lint/provider-rejects/agent-to-judge.js";
import { judgeAgent } from "../../../src/lint/provider-rejects/judge-agent.js";
import type { ModelTool, WireToolsOf } from "../../../src/providers/default-wire-tools.js";
import { PROVIDER_PROFILES } from "../../../src/providers/rules/provider-profiles.js";
import { PROVIDER_IDS, type ProviderId, type WireTool } from "../../../src/providers/wire-tool.js";

/**
 * The corpus of real provider answers (issue 42): each file holds one provider's refusals quoted from public
 * trackers, with the smallest tool list that draws exactly that refusal, and tool lists the provider is
 * documented or reported to accept. Each runs through the path `tooldeck check` takes for one agent's tools
 * (`judgeAgent`, that provider chosen), with the corpus's tools as the wire form the provider received.
 */

const here = dirname(fileURLToPath(import.meta.url));

const CorpusTool = z.object({
  name: z.string(),
  description: z.string().optional(),
  /** A description of this many characters, where only its length matters. */
  descriptionLength: z.number().int().optional(),
  parameters: z.unknown().optional(),
  strict: z.boolean().optional(),
  /** The tool sent this many times, named `<name>_<i>`, where only the count matters. */
  copies: z.number().int().optional(),
});

const Case = z.object({
  id: z.string(),
  source: z.string().url(),
  /** The date of the source (its post or comment), or null when the stored thread does not show it. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  note: z.string().optional(),
  tools: z.array(CorpusTool).min(1),
});

const Rejection = Case.extend({
  /** The provider's answer, as the source quotes it. */
  error: z.string(),
  /** The part of it a finding on this tool list must carry (its own indexes and names). */
  expect: z.string(),
});

const CorpusFile = z.object({
  provider: z.enum(PROVIDER_IDS),
  rejected: z.array(Rejection),
  accepted: z.array(Case),
});

type CorpusCase = z.infer<typeof Case>;

function loadCorpus(): z.infer<typeof CorpusFile>[] {
  return readdirSync(here)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => CorpusFile.parse(JSON.parse(readFileSync(join(here, file), "utf8"))));
}

/** The tool list a case sends, copies expanded, in order. */
function sentTools(entry: CorpusCase): z.infer<typeof CorpusTool>[] {
  return entry.tools.flatMap((tool) =>
    tool.copies === undefined
      ? [tool]
      : Array.from({ length: tool.copies }, (_, index) => ({ ...tool, name: `${tool.name}_${index}` })),
  );
}

/** Judges a case's tools as one agent's, sent to `provider` exactly as the corpus writes them. */
async function judged(provider: ProviderId, entry: CorpusCase) {
  const tools = sentTools(entry);
  const wire: WireTool[] = tools.map((tool, index) => ({
    name: tool.name,
    ...(tool.descriptionLength !== undefined
      ? { description: "d".repeat(tool.descriptionLength) }
      : tool.description !== undefined
        ? { description: tool.description }
        : {}),
    ...("parameters" in tool ? { parameters: tool.parameters } : {}),
    ...(tool.strict === undefined ? {} : { strict: tool.strict }),
    path: PROVIDER_PROFILES[provider].toolPath(index),
  }));
  const wireToolsOf: WireToolsOf = () => Promise.resolve(wire);
  const agent: AgentToJudge = {
    agent: { id: `corpus/${entry.id}`, label: entry.id },
    tools: tools.map((tool, index) => ({
      model: { name: tool.name, inputSchema: {} } as ModelTool,
      at: { tool: tool.name, file: `corpus/${provider}.json`, path: `[${index}]` },
    })),
  };
  return judgeAgent(agent, { providers: [provider], wireToolsOf });
}

const corpus = loadCorpus();

describe("the corpus covers every provider profile", () => {
  test("each profile has refusals and acceptances, each sourced and dated", () => {
    const providers = new Set(corpus.map((file) => file.provider));
    expect([...providers].sort()).toEqual([...PROVIDER_IDS].sort());
    const rejected = corpus.flatMap((file) => file.rejected);
    const accepted = corpus.flatMap((file) => file.accepted);
    expect(rejected.length).toBeGreaterThanOrEqual(40);
    expect(accepted.length).toBeGreaterThanOrEqual(30);
    const ids = [...rejected, ...accepted].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

for (const { provider, rejected, accepted } of corpus) {
  describe(`${provider}: what it refuses, the gate refuses with its text`, () => {
    test.each(rejected.map((entry) => [entry.id, entry] as const))("%s", async (_id, entry) => {
      const found = await judged(provider, entry);
      const errors = found.filter((diagnostic) => diagnostic.severity === "error");
      expect(
        errors.some(
          (diagnostic) =>
            diagnostic.message.includes(entry.expect) && diagnostic.message.startsWith(provider),
        ),
        `${entry.id} (${entry.source}) expects "${entry.expect}", got:\n${errors.map((d) => d.message).join("\n")}`,
      ).toBe(true);
    });
  });

  describe(`${provider}: what it accepts, the gate accepts`, () => {
    test.each(accepted.map((entry) => [entry.id, entry] as const))("%s", async (_id, entry) => {
      const found = await judged(provider, entry);
      expect(found.map((diagnostic) => diagnostic.message)).toEqual([]);
    });
  });
}
