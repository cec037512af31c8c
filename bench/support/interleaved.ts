import { opsPerSecond } from "./table.js";

/** The middle value (the upper one of an even count). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

export interface InterleaveOptions {
  rounds: number;
  /** Seconds each side runs per round. */
  seconds: number;
  /** Run after every side's round (an emulator back to its seed). */
  reset?: () => void;
}

/**
 * Calls/s of a baseline and of ours in alternating rounds (A B A B …), so both meet the same heap, JIT
 * and machine noise; the medians are compared.
 */
export async function interleavedRates(
  baseline: () => Promise<unknown>,
  ours: () => Promise<unknown>,
  { rounds, seconds, reset = () => {} }: InterleaveOptions,
): Promise<{ baseline: number; ours: number }> {
  const baselineRates: number[] = [];
  const ourRates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    baselineRates.push(await opsPerSecond(baseline, seconds));
    reset();
    ourRates.push(await opsPerSecond(ours, seconds));
    reset();
  }
  return { baseline: median(baselineRates), ours: median(ourRates) };
}
