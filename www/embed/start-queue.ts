// The page's embeds start one at a time, nearest the reader first, each in
// a task of its own: a long tutorial with fifty embeds builds fifty modes,
// and built together (every element's core arriving in the same moment)
// they would hold the page for seconds. A start is the mode built and laid
// out; the next waits until it is done and the browser has had a turn
// (input, a frame), so scrolling stays smooth while the page fills in.

interface Waiting {
  readonly element: Element;
  readonly start: () => Promise<void>;
  readonly done: (error?: unknown) => void;
}

const waiting: Waiting[] = [];
let pumping = false;

/** Starts `start` when its turn comes (embeds nearer the viewport first); resolves when it has run. */
export function startInTurn(element: Element, start: () => Promise<void>): { started: Promise<void>; cancel: () => void } {
  let entry: Waiting | null = null;
  const started = new Promise<void>((resolve, reject) => {
    entry = { element, start, done: (error) => (error === undefined ? resolve() : reject(error)) };
    waiting.push(entry);
  });
  pump();
  return {
    started,
    cancel: () => {
      const at = entry === null ? -1 : waiting.indexOf(entry);
      if (at >= 0) waiting.splice(at, 1);
      entry?.done();
    },
  };
}

/** How far an element is from the viewport, in px (0 inside it). */
function distance(element: Element): number {
  const r = element.getBoundingClientRect();
  return Math.max(0, r.top - innerHeight, -r.bottom) + Math.max(0, r.left - innerWidth, -r.right);
}

function pump(): void {
  if (pumping || waiting.length === 0) return;
  pumping = true;
  // A task of its own, after what is queued now (other elements' own set-up, input).
  setTimeout(() => {
    let best = 0;
    let nearest = Infinity;
    waiting.forEach((w, i) => {
      const d = w.element.isConnected ? distance(w.element) : Infinity;
      if (d < nearest) [best, nearest] = [i, d];
    });
    const [next] = waiting.splice(best, 1);
    next
      .start()
      .then(
        () => next.done(),
        (error: unknown) => next.done(error ?? new Error('start failed')),
      )
      .finally(() => {
        pumping = false;
        pump();
      });
  }, 0);
}
