/**
 * A count chart's y axis with evenly spaced whole-number ticks: the top is a whole step above the
 * largest value (steps of 1, 2 or 5 times a power of ten, about four of them). Left to itself the
 * chart ended the axis at the largest value, so the last gap was shorter than the others and its
 * label a number no bar reached.
 */
export function countAxis(max: number, intervals = 4) {
  const top = Math.max(1, Math.ceil(Number.isFinite(max) ? max : 0));
  const rough = top / intervals;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const end = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= end; t += step) ticks.push(t);
  return { allowDecimals: false, domain: [0, end] as [number, number], ticks, interval: 0 as const };
}

/** The largest value of the chart: of each series (side by side) or of each row's sum (stacked). */
export function chartMax<T>(rows: T[], keys: Array<keyof T & string>, stacked = false): number {
  let max = 0;
  for (const row of rows) {
    const values = keys.map((k) => Number(row[k]) || 0);
    max = Math.max(max, stacked ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values));
  }
  return max;
}
