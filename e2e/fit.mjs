// What the guest tests check about an embed's fit in its column, shared by
// the desktop and the phone tests.

/**
 * Every way the embed `id` does not fit its element: an element of its
 * shadow root outside the host's rectangle (unless it sits in a scroll
 * area, along that area's axis, that is itself inside), text cut
 * off by its box, a select too narrow for its choice, a tab not whole in
 * sight (even in a strip that scrolls). Plus the canvas's
 * share of the height. Measured again after the pages settle when
 * something misfits.
 */
export async function misfits(page, id) {
  let fit = await measure(page, id);
  // A panel whose text changes every frame (counts, Play's grace line) is
  // paged again a moment after its content grows (panel-pages.ts re-pages
  // content changes at most every few hundred ms, on a timer and then a
  // frame, both late on a loaded machine): what lasts is what counts, so a
  // misfit counts once it has lasted MISFIT_LASTS_MS of measures.
  const until = Date.now() + MISFIT_LASTS_MS;
  while (fit.bad.length > 0 && Date.now() < until) {
    await page.waitForTimeout(100);
    fit = await measure(page, id);
  }
  return fit;
}

/** How long a misfit must last to count, ms: many times the panels' re-paging delay. */
const MISFIT_LASTS_MS = 3000;

/**
 * Waits until embed `id` has drawn live frames and its layout holds still:
 * the host's and every shadow element's rectangle the same over
 * `frames` animation frames in a row (the layout and the pages settle over
 * the first frames after a start, a tab or a page turn, later on a loaded
 * machine). Resolves with the frames it waited; fails after `timeout` ms.
 */
export async function settled(page, id, { frames = 4, timeout = 20_000 } = {}) {
  const waited = await page.evaluate(
    ([id, frames, timeout]) =>
      new Promise((resolve) => {
        const host = document.getElementById(id);
        const shape = () => {
          const parts = [host.getBoundingClientRect(), ...[...(host.shadowRoot?.querySelectorAll('*') ?? [])].map((el) => el.getBoundingClientRect())];
          return parts.map((r) => `${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.width)},${Math.round(r.height)}`).join(';');
        };
        const start = performance.now();
        let last = '';
        let same = 0;
        let count = 0;
        const tick = () => {
          count++;
          const live = (host.playground?.frame ?? 0) > 0;
          const now = shape();
          same = live && now === last ? same + 1 : 0;
          last = now;
          if (same >= frames) return resolve(count);
          if (performance.now() - start > timeout) return resolve(-1);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    [id, frames, timeout],
  );
  if (waited < 0) throw new Error(`embed ${id}: no live frames with a layout holding still within ${timeout} ms`);
  return waited;
}

function measure(page, id) {
  return page.evaluate((id) => {
    const host = document.getElementById(id);
    const root = host.shadowRoot;
    const hr = host.getBoundingClientRect();
    const bad = [];
    const name = (el) => `${el.localName}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}${el.localName === 'button' || el.localName === 'dd' ? ` "${el.textContent.trim().slice(0, 24)}"` : ''}`;
    const scroller = (el, axis) => {
      for (let p = el.parentElement; p !== null; p = p.parentElement) {
        const o = axis === 'y' ? getComputedStyle(p).overflowY : getComputedStyle(p).overflowX;
        const more = axis === 'y' ? p.scrollHeight > p.clientHeight : p.scrollWidth > p.clientWidth;
        if ((o === 'auto' || o === 'scroll') && more) return p;
      }
      return null;
    };
    const inside = (r) => r.left >= hr.left - 0.5 && r.right <= hr.right + 0.5 && r.top >= hr.top - 0.5 && r.bottom <= hr.bottom + 0.5;
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const measure = document.createElement('canvas').getContext('2d');
    for (const el of root.querySelectorAll('*')) {
      if (!shown(el) || el.localName === 'style') continue;
      const r = el.getBoundingClientRect();
      const tol = 0.5;
      if (r.left < hr.left - tol || r.right > hr.right + tol) {
        const s = scroller(el, 'x');
        if (s === null || !inside(s.getBoundingClientRect())) bad.push(`${name(el)} spans x ${Math.round(r.left - hr.left)}..${Math.round(r.right - hr.left)} of 0..${Math.round(hr.width)}`);
      }
      if (r.top < hr.top - tol || r.bottom > hr.bottom + tol) {
        const s = scroller(el, 'y');
        if (s === null || !inside(s.getBoundingClientRect())) bad.push(`${name(el)} spans y ${Math.round(r.top - hr.top)}..${Math.round(r.bottom - hr.top)} of 0..${Math.round(hr.height)}`);
      }
      // A panel's tab is whole and in sight: a reader cannot guess that a cut tab scrolls to more.
      if (el.getAttribute('role') === 'tab' && !inside(r)) bad.push(`tab "${el.textContent.trim()}" spans x ${Math.round(r.left - hr.left)}..${Math.round(r.right - hr.left)} of 0..${Math.round(hr.width)}`);
      const cs = getComputedStyle(el);
      const clipsX = cs.overflowX === 'hidden' || cs.overflowX === 'clip' || cs.textOverflow === 'ellipsis';
      if (clipsX && el.scrollWidth > el.clientWidth + 1 && el.localName !== 'canvas' && cs.overflowX !== 'auto' && cs.overflowX !== 'scroll') {
        // What reaches furthest right: the content that is cut, and its text.
        let widest = null;
        for (const d of el.querySelectorAll('*')) if (shown(d) && (widest === null || d.getBoundingClientRect().right > widest.getBoundingClientRect().right)) widest = d;
        const cut = widest === null ? '' : `; widest: ${name(widest)} "${widest.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
        bad.push(`${name(el)} cuts off its content (${el.scrollWidth} > ${el.clientWidth} px${cut})`);
      }
      if (el.localName === 'select' && el.selectedIndex >= 0) {
        measure.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = el.options[el.selectedIndex].text;
        const need = measure.measureText(text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 18;
        if (need > r.width + 1) bad.push(`${name(el)} too narrow for "${text}" (${Math.round(r.width)} < ${Math.round(need)} px)`);
      }
    }
    const canvas = root.querySelector('canvas#world');
    const cr = canvas.getBoundingClientRect();
    return { bad, canvasShare: cr.height / hr.height, height: hr.height, canvas: [Math.round(cr.width), Math.round(cr.height)] };
  }, id);
}

