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

/** The duration of each call of `fn` made within `seconds`, in milliseconds. */
async function durations(fn: () => Promise<void>, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Rounds of each case in turn (A B C A B C …), so all meet the same heap, JIT and machine noise; a
 * row per case with its calls/s (the median of the rounds) and its p50 and p99 call, over `seconds`
 * in all for each case.
 */
export async function interleavedLatencies(
  cases: Record<string, () => Promise<void>>,
  { rounds, seconds, reset = () => {} }: InterleaveOptions,
): Promise<Record<string, string | number>[]> {
  const times = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
  const rates = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(cases)) {
      const taken = await durations(fn, seconds / rounds);
      times.get(name)?.push(...taken);
      rates.get(name)?.push(taken.length / (taken.reduce((sum, time) => sum + time, 0) / 1000));
      reset();
    }
  }
  return Object.keys(cases).map((name) => {
    const sorted = [...(times.get(name) ?? [])].sort((a, b) => a - b);
    const at = (share: number) => (sorted[Math.floor(sorted.length * share)] ?? 0).toFixed(2);
    return {
      call: name,
      "calls/s": Math.round(median(rates.get(name) ?? [])),
      "p50 ms": at(0.5),
      "p99 ms": at(0.99),
    };
  });
}
