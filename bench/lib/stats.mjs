// Small statistics and formatting helpers for the report.

export function sorted(values) {
  return [...values].sort((a, b) => a - b);
}

/** Percentile by nearest rank (p in 0..100). */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const s = sorted(values);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

/**
 * One curve from the curves of several runs: the median of each batch of `size` points in each
 * run, then the median over runs (batches past a shorter run's end count only the longer runs).
 */
export function batchMedians(curves, size) {
  const batches = Math.ceil(Math.max(...curves.map((c) => c.length)) / size);
  return Array.from({ length: batches }, (_, b) =>
    median(
      curves
        .map((c) => c.slice(b * size, (b + 1) * size))
        .filter((batch) => batch.length > 0)
        .map(median),
    ),
  );
}

/** A warm-up curve as report text: `batchMedians` of the runs' curves, each / `unit`, "a → b → …". */
export function curveText(curves, size, unit = 1) {
  return batchMedians(curves, size)
    .map((value) => fixed(value / unit, 2))
    .join(' → ');
}

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const s = sorted(values);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const min = (values) => Math.min(...values);
export const max = (values) => Math.max(...values);
export const sum = (values) => values.reduce((a, b) => a + b, 0);
export const mean = (values) => (values.length ? sum(values) / values.length : Number.NaN);

/** `1,234` style integer. */
export function int(value) {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–';
}

/** Fixed decimals, or '–' for missing values. */
export function fixed(value, digits = 1) {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

export function kb(bytes, digits = 1) {
  return Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(digits)} KB` : '–';
}

export function ratio(a, b, digits = 2) {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(digits)}×` : '–';
}

/** A Markdown table from a header row and data rows. */
export function table(header, rows, align) {
  const aligns = align ?? header.map((_, i) => (i === 0 ? 'l' : 'r'));
  const rule = aligns.map((a) => (a === 'r' ? '---:' : '---'));
  return [header, rule, ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

/** Median, range and relative spread ((max − min) / median) of repeated runs' figures. */
export function spread(values) {
  const v = values.filter(Number.isFinite);
  if (v.length === 0)
    return { n: 0, median: Number.NaN, min: Number.NaN, max: Number.NaN, rel: Number.NaN };
  const m = median(v);
  return { n: v.length, median: m, min: min(v), max: max(v), rel: m ? (max(v) - min(v)) / m : 0 };
}

/** `12.3 (11.9–13.0)`: the median of runs and their range (just the median for one run). */
export function withRange(s, digits = 1) {
  if (!s || s.n === 0) return '–';
  if (s.n === 1) return fixed(s.median, digits);
  return `${fixed(s.median, digits)} (${fixed(s.min, digits)}–${fixed(s.max, digits)})`;
}

/** `±4 %`: half the relative range of the runs, or '–' for a single run. */
export function spreadPct(s) {
  return s && s.n > 1 ? `±${fixed((s.rel * 100) / 2, 0)} %` : '–';
}
