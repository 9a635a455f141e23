// A small hand-written SVG line chart (no dependencies): axes with "nice" ticks, one polyline
// per series, a legend. Enough for "latency per step vs step number".

const escapeXml = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Tick values from 0 to at least `maxValue`, about `count` of them, on 1/2/5 steps. */
function niceTicks(maxValue, count = 6) {
  const raw = maxValue / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const ticks = [];
  for (let v = 0; v <= maxValue + step * 0.999; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/**
 * @param {{ title: string, xLabel: string, yLabel: string,
 *   series: Array<{ label: string, color: string, points: Array<[number, number]> }> }} spec
 */
export function lineChart({ title, xLabel, yLabel, series, width = 900, height = 480 }) {
  const margin = { top: 48, right: 24, bottom: 56, left: 64 };
  const legendHeight = 22 * series.length + 8;
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom - legendHeight;
  const xs = series.flatMap((s) => s.points.map(([x]) => x));
  const ys = series.flatMap((s) => s.points.map(([, y]) => y));
  // The x axis ends at the last point; the y axis at the first tick above the highest one.
  const xMax = Math.max(...xs);
  const xTicks = niceTicks(xMax, 10).filter((t) => t <= xMax);
  const yTicks = niceTicks(Math.max(...ys), 6);
  const yMax = yTicks[yTicks.length - 1];
  const px = (x) => margin.left + (x / xMax) * plotW;
  const py = (y) => margin.top + plotH - (y / yMax) * plotH;

  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="12" role="img" aria-labelledby="chart-title">`,
    `<title id="chart-title">${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="600">${escapeXml(title)}</text>`,
  );
  for (const t of yTicks) {
    const y = py(t).toFixed(1);
    out.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y}" y2="${y}" stroke="#e5e5e5"/>`,
      `<text x="${margin.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle" fill="#444">${t}</text>`,
    );
  }
  for (const t of xTicks) {
    const x = px(t).toFixed(1);
    out.push(
      `<line x1="${x}" x2="${x}" y1="${margin.top + plotH}" y2="${margin.top + plotH + 5}" stroke="#444"/>`,
      `<text x="${x}" y="${margin.top + plotH + 18}" text-anchor="middle" fill="#444">${t}</text>`,
    );
  }
  out.push(
    `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${margin.top + plotH}" y2="${margin.top + plotH}" stroke="#444"/>`,
    `<line x1="${margin.left}" x2="${margin.left}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#444"/>`,
    `<text x="${margin.left + plotW / 2}" y="${margin.top + plotH + 38}" text-anchor="middle" fill="#222">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(18 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle" fill="#222">${escapeXml(yLabel)}</text>`,
  );
  for (const s of series) {
    const points = s.points.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
    out.push(
      `<polyline fill="none" stroke="${s.color}" stroke-width="2" stroke-linejoin="round" points="${points}"/>`,
    );
  }
  series.forEach((s, i) => {
    const y = height - legendHeight + 8 + i * 22;
    out.push(
      `<line x1="${margin.left}" x2="${margin.left + 28}" y1="${y}" y2="${y}" stroke="${s.color}" stroke-width="3"/>`,
      `<text x="${margin.left + 36}" y="${y}" dominant-baseline="middle" fill="#222">${escapeXml(s.label)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
