import type { FlowiseSeed } from "./flowise-emulator.js";

/** The emulator's preloaded data, read from `seeds/flowise/` (or another folder). */
export function loadFlowiseSeed(): FlowiseSeed {
  return { chatflows: [] };
}
