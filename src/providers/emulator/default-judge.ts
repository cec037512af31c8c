import { judgeTools } from "../rules/judge-tools.js";
import type { EmulatedProvider, ProviderJudge } from "./provider-emulator-options.js";

/**
 * The judge `serve --provider` and `agent --emulate-provider` give an emulator: the provider gate's rules
 * for that provider (`judgeTools`, src/providers/rules/), so an emulated request is refused exactly when
 * `tooldeck check` says the provider refuses it. OpenAI's strict rules apply to the tools sent `strict`.
 */
export function defaultJudge(provider: EmulatedProvider): ProviderJudge {
  return (tools) => judgeTools(provider, tools);
}
