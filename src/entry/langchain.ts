// `tooldeck/langchain`: tools as LangChain tools, agents, cassette replay and scenarios (loads LangChain).
export {
  type ReplayOptions,
  type ReplayResult,
  replayCassette,
  type ValidateCall,
} from "../replay/replay-cassette.js";
export { type AgentRun, type AgentRunOptions, runAgent } from "../replay/run-agent.js";
export { type RunScenarioOptions, runScenario } from "../replay/run-scenario.js";
export { createScenarioEmulator, type ScenarioEmulator } from "../replay/scenario-emulator.js";
export { DEFAULT_MODEL } from "../runtime/langchain/default-model.js";
export { initModel } from "../runtime/langchain/init-model.js";
export { type ToolArtifact, toLangChainTools } from "../runtime/langchain/to-langchain-tools.js";
