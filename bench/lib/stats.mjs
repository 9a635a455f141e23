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
