// From per-run records to the figures a report shows: per-contender values over runs, ratios
// between contenders run by run, and target rows (met or missed, and by how much).
import { fixed, int, median, spread } from './stats.mjs';

/** `{ [contender]: value per run, in run order }`; `value(record)` picks the run's figure. */
export function perRun(records, value) {
  const out = {};
  for (const record of [...records].sort((a, b) => a.run - b.run)) {
    out[record.contender] = [...(out[record.contender] ?? []), value(record)];
  }
  return out;
}

/** How many runs the records hold. */
export const runCount = (records) => new Set(records.map((r) => r.run)).size;

/** Ratios a/b run by run (the two contenders of one run ran minutes apart at most). */
export function runRatios(a = [], b = []) {
  return a.map((x, i) => x / b[i]).filter(Number.isFinite);
}

/**
 * The ratio of two contenders: of their medians over runs, with the range of the run-by-run
 * ratios as its spread.
 */
export function ratioOf(a = [], b = []) {
  return { ...spread(runRatios(a, b)), median: median(a) / median(b) };
}

/** `1.23× (1.18–1.30)` */
export function ratioText(r) {
  if (!Number.isFinite(r?.median)) return '–';
  if (r.n > 1 && r.max > r.min) {
    return `${fixed(r.median, 2)}× (${fixed(r.min, 2)}–${fixed(r.max, 2)})`;
  }
  return `${fixed(r.median, 2)}×`;
}

/**
 * A row of the report's target table. `value` is the measured figure, `limit` the target;
 * `lowerIsBetter` for "at most" targets. `by` says how far from the limit the figure is.
 */
export function targetRow({ target, measured, value, limit, lowerIsBetter = true, unit }) {
  if (!Number.isFinite(value)) return { target, measured, met: null, by: 'not measured' };
  const met = lowerIsBetter ? value <= limit : value >= limit;
  // With a unit, the distance is absolute (e.g. bytes); without, relative to the limit.
  const off = Math.abs(value / limit - 1) * 100;
  const distance = unit
    ? `${int(Math.abs(value - limit))} ${unit}`
    : `${fixed(off, off < 10 ? 1 : 0)} %`;
  const by = met ? `${distance} inside` : `${distance} ${lowerIsBetter ? 'over' : 'under'}`;
  return { target, measured, met, by };
}

/** A target row for a figure that is reported, not judged. */
export const reportedRow = (target, measured) => ({ target, measured, met: null, by: 'reported' });
