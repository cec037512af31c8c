// `tooldeck/langchain`: tools as LangChain tools, agents, cassette replay and scenarios (loads LangChain).
// Exactly what README's table lists, no more: test/architecture/public-api.test.ts holds the two equal.
// Every platform, loaded with the entry: its calls find them all, synchronously (all-platforms.ts).
import "../platforms/all-platforms.js";

export { type ReplayOptions, type ReplayResult, replayCassette } from "../replay/replay-cassette.js";
export { type AgentRun, type AgentRunOptions, runAgent } from "../replay/run-agent.js";
export { type RunScenarioOptions, runScenario } from "../replay/run-scenario.js";
export { createScenarioEmulator, type ScenarioEmulator } from "../replay/scenario-emulator.js";
export type { ScenarioResult } from "../replay/scenario-result.js";
export { initModel } from "../runtime/langchain/init-model.js";
export { type ToolArtifact, toLangChainTools } from "../runtime/langchain/to-langchain-tools.js";
