import { type FetchLike, markInProcess } from "../../net/fetch-like.js";
import type { SpecEmulator } from "./spec-emulator.js";

/**
 * A spec emulator as the `fallback` of `createEmulator`: it answers every URL no other emulator takes,
 * whatever its host, in-process (the outbound guard and the Flowise host check see it as such), so
 * tools aimed at the described service's real host run offline.
 */
export function answerEveryHost(emulator: SpecEmulator): FetchLike {
  return markInProcess(
    (input, init) => emulator.fetch(new Request(input, init)),
    () => true,
  );
}
