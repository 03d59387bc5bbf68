/**
 * Charts drawn as SVG on the server: no script, no library. Each chart has a title and a
 * description for screen readers, and a table of its figures next to it is up to the page.
 */

/** A column chart of daily values (oldest first), with the first and last date under the axis. */
export function DailyChart(props: { title: string; points: { date: string; value: number }[]; id: string }) {
  const width = 640;
  const height = 160;
  const top = 16;
  const bottom = 22;
  const max = Math.max(1, ...props.points.map((p) => p.value));
  const step = width / Math.max(1, props.points.length);
  const barWidth = Math.max(1, step * 0.7);
  const plot = height - top - bottom;
  const total = props.points.reduce((sum, p) => sum + p.value, 0);
  return (
    <svg class="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${props.id}-t ${props.id}-d`}>
      <title id={`${props.id}-t`}>{props.title}</title>
      <desc id={`${props.id}-d`}>{`${total} in ${props.points.length} days; at most ${max} on one day.`}</desc>
      <line class="axis" x1="0" y1={height - bottom} x2={width} y2={height - bottom} />
      {props.points.map((p, i) => {
        const h = (p.value / max) * plot;
        return (
          <rect class="bar" x={(i * step + (step - barWidth) / 2).toFixed(1)} y={(height - bottom - h).toFixed(1)} width={barWidth.toFixed(1)} height={h.toFixed(1)}>
            <title>{`${p.date}: ${p.value}`}</title>
          </rect>
        );
      })}
      <text x="0" y={top - 4}>
        {`max ${max}`}
      </text>
      <text x="0" y={height - 6}>
        {props.points[0]?.date ?? ''}
      </text>
      <text x={width} y={height - 6} text-anchor="end">
        {props.points.at(-1)?.date ?? ''}
      </text>
    </svg>
  );
}

/** Horizontal bars, one per labelled value. */
export function BarList(props: { title: string; items: { label: string; value: number }[]; id: string }) {
  const width = 640;
  const row = 26;
  const labelWidth = 120;
  const height = row * props.items.length + 8;
  const max = Math.max(1, ...props.items.map((i) => i.value));
  return (
    <svg class="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${props.id}-t`}>
      <title id={`${props.id}-t`}>{`${props.title}: ${props.items.map((i) => `${i.label} ${i.value}`).join(', ')}`}</title>
      {props.items.map((item, i) => {
        const w = ((width - labelWidth - 50) * item.value) / max;
        const y = i * row + 4;
        return (
          <>
            <text x="0" y={y + 15}>
              {item.label}
            </text>
            <rect class="bar2" x={labelWidth} y={y} width={Math.max(item.value > 0 ? 2 : 0, w).toFixed(1)} height={row - 8} rx="3" />
            <text x={(labelWidth + w + 6).toFixed(1)} y={y + 15}>
              {String(item.value)}
            </text>
          </>
        );
      })}
    </svg>
  );
}
