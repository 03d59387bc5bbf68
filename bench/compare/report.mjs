// The table of `bench:compare`: for each measure, each side's median over the rounds, and the
// ratio of this tree to each other side: the median of the per-round ratios (each round's sides
// ran back to back, so a round's ratio shares that moment's load) and their lowest and highest.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Figures of one measure: `sides[name]` holds one value a round, higher is better unless
 * `lowerIsBetter` (instructions per request), whose ratios are then the other side's over this one's.
 */
export class Measure {
  constructor(name, unit, { lowerIsBetter = false } = {}) {
    this.name = name;
    this.unit = unit;
    this.lowerIsBetter = lowerIsBetter;
    this.sides = new Map();
  }

  add(side, value) {
    if (!this.sides.has(side)) this.sides.set(side, []);
    this.sides.get(side).push(value);
  }

  /** "1.23× (1.10–1.31)": this side over `other` (or `other` over this side), round by round. */
  ratio(self, other) {
    const a = this.sides.get(self);
    const b = this.sides.get(other);
    if (!a || !b) return '';
    const ratios = a.map((value, i) => (this.lowerIsBetter ? b[i] / value : value / b[i])).filter(Number.isFinite);
    if (ratios.length === 0) return '';
    return `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  }

  figure(side) {
    const values = this.sides.get(side)?.filter(Number.isFinite);
    if (!values?.length) return '';
    const m = median(values);
    return m >= 100 ? m.toFixed(0) : m.toFixed(2);
  }
}

/** The markdown table of `measures`, this tree against each of `others`. */
export function table(measures, self, others) {
  const head = ['measure', self, ...others, ...others.map((o) => `${self} / ${o}`)];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const m of measures) {
    const cells = [`${m.name} (${m.unit})`, m.figure(self), ...others.map((o) => m.figure(o)), ...others.map((o) => m.ratio(self, o))];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
