/** One row of a side-by-side diff: what the cassette holds, and what the run did instead. */
export interface DiffRow {
  before?: string;
  after?: string;
}

/** One block of a replay's diff: a call's differences (`call 1 update_event (agent):`) or the end state's. */
export interface DiffBlock {
  title: string;
  /** The call it is about, counted from 1; absent for the end state. */
  call?: number;
  rows: DiffRow[];
}

/**
 * A replay's diff lines (`diffCall`: a header, then `  - recorded` / `  + replayed` lines) as blocks of
 * side-by-side rows: each run of `-` lines beside the run of `+` lines that follows it, as split diffs
 * show them.
 */
export function diffBlocks(lines: readonly string[]): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  let before: string[] = [];
  let after: string[] = [];
  const flush = () => {
    if (before.length + after.length === 0) return;
    if (blocks.length === 0) blocks.push({ title: "diff", rows: [] });
    const block = blocks.at(-1);
    for (let row = 0; row < Math.max(before.length, after.length); row++) {
      block?.rows.push({
        ...(before[row] !== undefined ? { before: before[row] } : {}),
        ...(after[row] !== undefined ? { after: after[row] } : {}),
      });
    }
    before = [];
    after = [];
  };
  for (const line of lines) {
    const sign = /^\s+([-+]) /.exec(line);
    if (!sign) {
      flush();
      const call = /^call (\d+) /.exec(line)?.[1];
      blocks.push({ title: line.replace(/:$/, ""), ...(call ? { call: Number(call) } : {}), rows: [] });
      continue;
    }
    const text = line.slice(sign[0].length);
    if (sign[1] === "-") {
      if (after.length > 0) flush();
      before.push(text);
    } else after.push(text);
  }
  flush();
  return blocks.filter((block) => block.rows.length > 0);
}
