/** Prints rows as an aligned Markdown table, so the figures paste into a note as they are. */
export function printTable(title: string, rows: Record<string, string | number>[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const cell = (value: string | number | undefined) => String(value ?? "");
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => cell(row[column]).length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((value, i) => value.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`\n${title}\n`);
  console.log(line(columns));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => cell(row[column]))));
}

/** Operations per second of `fn`, run repeatedly for about `seconds`. */
export async function opsPerSecond(fn: () => Promise<unknown>, seconds: number): Promise<number> {
  for (let i = 0; i < 1000; i++) await fn();
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) await fn();
    count += 100;
  }
  return count / ((performance.now() - start) / 1000);
}
