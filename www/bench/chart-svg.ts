// A log–log chart of time per frame against N: axes at powers of ten, a
// polyline per contender, a legend. Worked out as a list of SVG elements
// with no DOM, then written as SVG text (scripts/plot-benchmarks.mjs draws
// the README's charts from the recorded tables) or built with DOM calls
// (the benchmark page: no markup parsed, so a page that requires Trusted
// Types shows it too). Hand-written: a few dozen lines, nothing to load,
// and the colours are attributes so a lone .svg file looks the same.

export interface Series {
  name: string;
  /** [N, ms per frame] points. */
  points: [number, number][];
}

const COLOURS = ['#ffd166', '#48dba0', '#7aa7ff', '#b892ff', '#8a98ad', '#ff8fab', '#ff9f5a', '#5ad1c4'];

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One SVG element of the chart: its tag, its attributes, and its text (a `<text>`'s). */
interface SvgPart {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string | number>>;
  readonly text?: string;
}

/** The chart as SVG text (one `<svg>` element's markup). */
export function chartSvg(series: readonly Series[], title = '', id = '', legend: 'right' | 'below' = 'right'): string {
  const [root, ...parts] = chartParts(series, title, id, legend);
  const open = (p: SvgPart) => `<${p.tag}${Object.entries(p.attrs).map(([k, v]) => ` ${k}="${esc(String(v))}"`).join('')}`;
  const body = parts.map((p) => (p.text === undefined ? `${open(p)}/>` : `${open(p)}>${esc(p.text)}</${p.tag}>`)).join('');
  return `${open(root)}>${body}</svg>`;
}

/** The chart as an `<svg>` element, built with DOM calls. */
export function chartSvgElement(series: readonly Series[], title = '', id = '', legend: 'right' | 'below' = 'right'): SVGSVGElement {
  const NS = 'http://www.w3.org/2000/svg';
  const make = (p: SvgPart): SVGElement => {
    const el = document.createElementNS(NS, p.tag);
    for (const [k, v] of Object.entries(p.attrs)) if (k !== 'xmlns') el.setAttribute(k, String(v));
    if (p.text !== undefined) el.textContent = p.text;
    return el;
  };
  const [root, ...parts] = chartParts(series, title, id, legend);
  const svg = make(root) as SVGSVGElement;
  svg.append(...parts.map(make));
  return svg;
}

/** Rows of the legend under a narrow chart, two names a row. */
function legendRows(count: number): number {
  return Math.ceil(count / 2);
}

/**
 * The chart's elements, the `<svg>` first and then what it holds, in
 * order; `title` goes above the plot when given. `legend: 'below'` makes a
 * narrow chart (a phone's width at about one CSS px per unit, so its text
 * stays readable) with the legend under the plot instead of beside it.
 */
function chartParts(series: readonly Series[], title: string, id: string, legend: 'right' | 'below'): SvgPart[] {
  const below = legend === 'below';
  const W = below ? 360 : 640;
  const legendHeight = below ? 8 + 18 * legendRows(series.length) : 0;
  const plotHeight = below ? 240 : 360;
  const H = plotHeight + (title === '' ? 0 : 24) + legendHeight;
  const top = title === '' ? 16 : 40;
  // Room on the right for half of the last N label.
  const pad = { l: 60, r: below ? 28 : 210, t: top, b: 40 + legendHeight };
  const all = series.flatMap((s) => s.points).filter(([n, ms]) => n > 0 && ms > 0);
  const parts: SvgPart[] = [];
  const el = (tag: string, attrs: Record<string, string | number>, text?: string) => parts.push({ tag, attrs, text });
  el('svg', { ...(id === '' ? {} : { id }), xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': title || 'ms per frame against N, log–log', 'font-family': 'system-ui, sans-serif' });
  el('rect', { width: W, height: H, rx: 8, fill: '#121925' });
  if (title !== '') el('text', { x: pad.l, y: 24, fill: '#dfe7f3', 'font-size': 14, 'font-weight': 600 }, title);
  if (all.length > 0) {
    const xs = all.map(([n]) => Math.log10(n));
    const ys = all.map(([, ms]) => Math.log10(ms));
    const x0 = Math.floor(Math.min(...xs));
    const x1 = Math.max(Math.ceil(Math.max(...xs)), x0 + 1);
    const y0 = Math.floor(Math.min(...ys));
    const y1 = Math.max(Math.ceil(Math.max(...ys)), y0 + 1);
    const X = (n: number) => pad.l + ((Math.log10(n) - x0) / (x1 - x0)) * (W - pad.l - pad.r);
    const Y = (ms: number) => H - pad.b - ((Math.log10(ms) - y0) / (y1 - y0)) * (H - pad.t - pad.b);
    const label = (ms: number) => (ms >= 1 ? `${ms.toLocaleString('en-US')} ms` : `${ms} ms`);
    for (let e = x0; e <= x1; e++) {
      const x = X(10 ** e).toFixed(1);
      el('line', { x1: x, y1: pad.t, x2: x, y2: H - pad.b, stroke: '#223047' });
      el('text', { x, y: H - pad.b + 16, 'text-anchor': 'middle', fill: '#8a98ad', 'font-size': 11 }, (10 ** e).toLocaleString('en-US'));
    }
    for (let e = y0; e <= y1; e++) {
      const y = Y(10 ** e).toFixed(1);
      el('line', { x1: pad.l, y1: y, x2: W - pad.r, y2: y, stroke: '#223047' });
      el('text', { x: pad.l - 6, y: (Number(y) + 4).toFixed(1), 'text-anchor': 'end', fill: '#8a98ad', 'font-size': 11 }, label(+(10 ** e).toPrecision(1)));
    }
    el('text', { x: (pad.l + W - pad.r) / 2, y: H - legendHeight - 6, 'text-anchor': 'middle', fill: '#8a98ad', 'font-size': 11 }, 'objects (N), log scale');
    series.forEach((s, i) => {
      const colour = COLOURS[i % COLOURS.length];
      const points = s.points.filter(([n, ms]) => n > 0 && ms > 0);
      el('polyline', { 'data-series': s.name, fill: 'none', stroke: colour, 'stroke-width': 2, points: points.map(([n, ms]) => `${X(n).toFixed(1)},${Y(ms).toFixed(1)}`).join(' ') });
      for (const [n, ms] of points) el('circle', { cx: X(n).toFixed(1), cy: Y(ms).toFixed(1), r: 3, fill: colour });
      // Beside the plot, one a row; or under it, two a row.
      const lx = below ? 12 + (i % 2) * 174 : W - pad.r + 12;
      const ly = below ? H - legendHeight + 12 + Math.floor(i / 2) * 18 : pad.t + 8 + i * 18;
      el('line', { x1: lx, y1: ly, x2: lx + 18, y2: ly, stroke: colour, 'stroke-width': 3 });
      el('text', { x: lx + 24, y: ly + 4, fill: '#dfe7f3', 'font-size': 11 }, s.name.replace('broadphase ', ''));
    });
  }
  return parts;
}
