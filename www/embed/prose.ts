// The article's own links and buttons drive its playgrounds, with no
// script of the author's: a control carries what it does as data
// attributes, and one listener on the document (added once, by this
// module) does it on a click (a mouse, a tap, Enter or Space on a button).
// Nothing inline: it survives site generators that strip scripts from
// content and a Content-Security-Policy without 'unsafe-inline'.
//
//   <button data-broadphase-lesson="threshold-1">Set the threshold to 1</button>
//   <a href="#fig1" data-broadphase-target="#fig1" data-broadphase-step="4">the fourth insert</a>
//   <button data-broadphase-select="7" data-broadphase-step="1">box 7's query</button>
//   <button data-broadphase-action="play">Play it</button>
//
// `data-broadphase-target` is a CSS selector; without one, a control
// drives the nearest <broadphase-playground> before it in the document
// (the figure above the paragraph). Lesson, selection and step given
// together load the lesson with them. While the playground's stepper is at
// a control's step (and its lesson and selection, where the control names
// them), the control carries `aria-current="step"`, so the article can
// show which sentence the picture is at.

const TAG = 'broadphase-playground';
const PREFIX = 'data-broadphase-';
/** Any control: one of these attributes. */
const CONTROL = ['lesson', 'step', 'select', 'action'].map((a) => `[${PREFIX}${a}]`).join(',');

/** The playground methods a control calls. */
interface Driven extends HTMLElement {
  setState(partial: Record<string, unknown>): void;
  play(): void;
  pause(): void;
  nextStep(): void;
  previousStep(): void;
  goToStep(step: number | null): void;
  readonly stepState: { readonly step: number | null; readonly lesson?: string; readonly selected?: number } | null;
}

/** The playground a control drives: its target, or the nearest one before it. */
export function targetOf(control: Element): Driven | null {
  const selector = control.getAttribute(`${PREFIX}target`);
  if (selector !== null && selector.trim() !== '') {
    let found: Element | null = null;
    try {
      found = control.ownerDocument.querySelector(selector);
    } catch {
      console.warn(`broadphase: ${PREFIX}target="${selector}" is not a CSS selector`);
      return null;
    }
    if (found?.localName !== TAG) console.warn(`broadphase: ${PREFIX}target="${selector}" finds no <${TAG}>`);
    return found?.localName === TAG ? (found as Driven) : null;
  }
  const all = [...control.ownerDocument.querySelectorAll(TAG)];
  let before: Element | null = null;
  for (const el of all) if (el.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) before = el;
  return before as Driven | null;
}

/** A whole number from 1 in `text`, or undefined. */
function wholeNumber(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** Does what `control` says to its playground. */
export function drive(control: Element): void {
  const el = targetOf(control);
  if (el === null) {
    console.warn('broadphase: a control with data-broadphase-… attributes has no <broadphase-playground> to drive');
    return;
  }
  const partial: Record<string, unknown> = {};
  const lesson = control.getAttribute(`${PREFIX}lesson`);
  if (lesson !== null) {
    partial.lesson = lesson.trim() === '' ? undefined : lesson.trim();
    partial.step = undefined;
    partial.selected = undefined;
  }
  const selected = control.getAttribute(`${PREFIX}select`);
  if (selected !== null) partial.selected = wholeNumber(selected);
  const step = control.getAttribute(`${PREFIX}step`);
  if (step !== null) partial.step = wholeNumber(step);
  if (Object.keys(partial).length > 0) el.setState(partial);
  switch (control.getAttribute(`${PREFIX}action`)?.trim()) {
    case 'play':
      el.play();
      break;
    case 'pause':
      el.pause();
      break;
    case 'next':
      el.nextStep();
      break;
    case 'back':
      el.previousStep();
      break;
    case 'whole':
      el.goToStep(null);
      break;
    case undefined:
      break;
    default:
      console.warn(`broadphase: ${PREFIX}action="${control.getAttribute(`${PREFIX}action`)}" is not play, pause, next, back or whole`);
  }
}

/** Marks the controls that point at where `el`'s stepper is now with `aria-current="step"`. */
export function markCurrent(doc: Document, el: Element): void {
  const state = (el as Driven).stepState;
  for (const control of doc.querySelectorAll(`[${PREFIX}step]`)) {
    if (targetOf(control) !== el) continue;
    const lesson = control.getAttribute(`${PREFIX}lesson`);
    const selected = control.getAttribute(`${PREFIX}select`);
    const here =
      state !== null &&
      state.step === wholeNumber(control.getAttribute(`${PREFIX}step`)) &&
      (lesson === null || (lesson.trim() || undefined) === state.lesson) &&
      (selected === null || wholeNumber(selected) === state.selected);
    if (here) control.setAttribute('aria-current', 'step');
    else if (control.getAttribute('aria-current') === 'step') control.removeAttribute('aria-current');
  }
}

let installed = false;

/** Listens on the document for the controls' clicks and the playgrounds' steps (once per page). */
export function installProseControls(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (doc === undefined || installed) return;
  installed = true;
  doc.addEventListener('click', (e) => {
    const control = e.target instanceof Element ? e.target.closest(CONTROL) : null;
    if (control === null || control.closest(TAG) !== null) return;
    // A link to the figure keeps its own job (scrolling it into view); a link elsewhere would leave the page.
    const href = control.getAttribute('href');
    if (control.localName === 'a' && href !== null && !href.startsWith('#')) e.preventDefault();
    drive(control);
  });
  doc.addEventListener('stepchange', (e) => {
    if (e.target instanceof Element && e.target.localName === TAG) markCurrent(doc, e.target);
  });
}
