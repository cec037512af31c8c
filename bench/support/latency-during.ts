/**
 * What another client of the same process waits while `work` runs: `call` is due every `gapMs`, and
 * each latency runs from when the call was due to when its answer came, so time the event loop spent
 * blocked counts. Sorted, in milliseconds.
 */
export async function latencyDuring(
  work: () => Promise<unknown>,
  call: () => Promise<unknown>,
  gapMs = 5,
): Promise<number[]> {
  const times: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const due = performance.now() + gapMs;
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      await call();
      times.push(performance.now() - due);
    }
  })();
  await work();
  running = false;
  await sampler;
  return times.sort((a, b) => a - b);
}
