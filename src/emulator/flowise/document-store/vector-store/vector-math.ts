/** Share of non-zero query coordinates below which scoring reads only those coordinates of each row. */
const SPARSE_QUERY_SHARE = 0.25;

/** A unit-length Float32 copy (plain indexed loops: `Float32Array.from` and `for…of` are many times slower). */
export function normalized(vector: ArrayLike<number>): Float32Array {
  const unit = new Float32Array(vector.length);
  let sum = 0;
  for (let i = 0; i < vector.length; i++) {
    const value = vector[i] as number;
    unit[i] = value;
    sum += value * value;
  }
  if (sum === 0 || Math.abs(sum - 1) < 1e-6) return unit;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < unit.length; i++) unit[i] = (unit[i] as number) * scale;
  return unit;
}

/** Writes the unit-length form of `vector` into `target` at `offset`, without an intermediate array. */
export function writeUnit(vector: ArrayLike<number>, target: Float32Array, offset: number): void {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) * (vector[i] as number);
  const scale = sum === 0 ? 0 : 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) target[offset + i] = (vector[i] as number) * scale;
}

export function sparseCoordinates(
  vector: Float32Array,
): { indices: Int32Array; values: Float32Array } | undefined {
  let nonZero = 0;
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) nonZero++;
  if (nonZero > vector.length * SPARSE_QUERY_SHARE) return undefined;
  const indices = new Int32Array(nonZero);
  const values = new Float32Array(nonZero);
  let next = 0;
  for (let i = 0; i < vector.length; i++) {
    const value = vector[i] as number;
    if (value === 0) continue;
    indices[next] = i;
    values[next++] = value;
  }
  return { indices, values };
}
