// A log–log chart of ms per frame against N, hand-drawn as SVG: a few
// dozen lines of code for axes, one polyline per contender and a legend —
// less than a charting library's configuration, and nothing to load.

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = ['#ffd166', '#48dba0', '#7aa7ff', '#b892ff', '#8a98ad', '#ff8fab', '#ff9f5a', '#5ad1c4'];

export interface Series {
  name: string;
  /** [N, ms per frame] points. */
  points: [number, number][];
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export function drawChart(svg: SVGSVGElement, series: Series[]): void {
  svg.replaceChildren();
  const W = 640;
  const H = 360;
  const pad = { l: 56, r: 210, t: 16, b: 40 };
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return;
  const xs = all.map((p) => Math.log10(p[0]));
  const ys = all.map((p) => Math.log10(Math.max(p[1], 1e-3)));
  const [x0, x1] = [Math.floor(Math.min(...xs)), Math.ceil(Math.max(...xs)) === Math.floor(Math.min(...xs)) ? Math.floor(Math.min(...xs)) + 1 : Math.ceil(Math.max(...xs))];
  const [y0, y1] = [Math.floor(Math.min(...ys)), Math.max(Math.ceil(Math.max(...ys)), Math.floor(Math.min(...ys)) + 1)];
  const X = (v: number) => pad.l + ((Math.log10(v) - x0) / (x1 - x0)) * (W - pad.l - pad.r);
  const Y = (v: number) => H - pad.b - ((Math.log10(Math.max(v, 1e-3)) - y0) / (y1 - y0)) * (H - pad.t - pad.b);
  for (let e = x0; e <= x1; e++) {
    const x = X(10 ** e);
    svg.append(el('line', { x1: x, y1: pad.t, x2: x, y2: H - pad.b, class: 'grid' }), el('text', { x, y: H - pad.b + 16, 'text-anchor': 'middle', class: 'tick' }, `${(10 ** e).toLocaleString('en-US')}`));
  }
  for (let e = y0; e <= y1; e++) {
    const y = Y(10 ** e);
    svg.append(el('line', { x1: pad.l, y1: y, x2: W - pad.r, y2: y, class: 'grid' }), el('text', { x: pad.l - 6, y: y + 4, 'text-anchor': 'end', class: 'tick' }, `${10 ** e} ms`));
  }
  svg.append(el('text', { x: (pad.l + W - pad.r) / 2, y: H - 6, 'text-anchor': 'middle', class: 'label' }, 'objects (N), log scale'));
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const pts = s.points.map(([n, ms]) => `${X(n).toFixed(1)},${Y(ms).toFixed(1)}`).join(' ');
    svg.append(el('polyline', { points: pts, fill: 'none', stroke: colour, 'stroke-width': 2, 'data-series': s.name }));
    for (const [n, ms] of s.points) svg.append(el('circle', { cx: X(n), cy: Y(ms), r: 3, fill: colour }));
    const ly = pad.t + 8 + i * 18;
    svg.append(el('line', { x1: W - pad.r + 12, y1: ly, x2: W - pad.r + 30, y2: ly, stroke: colour, 'stroke-width': 3 }), el('text', { x: W - pad.r + 36, y: ly + 4, class: 'legend' }, s.name.replace('broadphase ', '')));
  });
}
