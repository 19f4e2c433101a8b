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
  const first = await measure(page, id);
  if (first.bad.length === 0) return first;
  // A panel whose text changes every frame (counts, Play's grace line) is
  // paged again a moment after its content grows (panel-pages.ts re-pages
  // content changes at most every few hundred ms): what lasts is what counts.
  await page.waitForTimeout(450);
  return measure(page, id);
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
      if (clipsX && el.scrollWidth > el.clientWidth + 1 && el.localName !== 'canvas' && cs.overflowX !== 'auto' && cs.overflowX !== 'scroll') bad.push(`${name(el)} cuts off its content (${el.scrollWidth} > ${el.clientWidth} px)`);
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

