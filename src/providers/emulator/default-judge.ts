import type { EmulatedProvider, ProviderJudge } from "./provider-emulator-options.js";

/**
 * The judge `serve --provider` and `agent --emulate-model` give an emulator. It accepts every tool list
 * until the provider gate's rules (`judgeTools` in src/providers/rules/) are plugged in here: the emulator
 * itself only carries out a judge's verdict.
 */
export function defaultJudge(_provider: EmulatedProvider): ProviderJudge {
  return () => [];
}
