// The one stepper every mode shares: a panel with Back, Step, Play to the
// end, a scrubber, the step's count, what the step does, its numbers and
// the "Next:" line, the lesson picker, and the N key (Shift+N back, Esc
// the whole picture). A mode hands it a `StepSource` (scene.ts): the steps
// are the core's recorded trace in the mode's words; the model says which
// one is on screen and draws it. Play advances on the frames the runtime
// draws (an embed out of view runs none, so it waits), one step per
// `PLAY_MS`; with reduced motion it shows the last step at once.

import { prefersReducedMotion } from '../settings/motion';
import type { LessonSpec } from '../settings/lessons';
import type { SomeSettings } from '../settings/table';
import type { StepperHandle, StepSource, StepState, StepWords } from './scene';
import { h, panelSection, setText, type Panel } from './ui';

/** How long Play shows each step: time to read the "Next:" line. */
const PLAY_MS = 1300;

/** What the panel needs of the runtime besides the source. */
export interface StepperHost {
  /** Starts the mode again from these settings (a lesson picked); absent: no picker. */
  restart?(values: SomeSettings): void;
  /** The stepper moved (the embed's `stepchange`). */
  changed?(state: StepState): void;
}

export class StepperPanel implements Panel, StepperHandle {
  readonly element: HTMLElement;
  private readonly back = h('button', { type: 'button', id: 'stepper-back', 'aria-keyshortcuts': 'Shift+N', title: 'One step back (Shift+N)' }, '◂ Back');
  private readonly forward = h('button', { type: 'button', id: 'stepper-step', class: 'primary', 'aria-keyshortcuts': 'N', title: 'One step on (N)' }, 'Step ▸');
  private readonly playButton = h('button', { type: 'button', id: 'stepper-play', title: 'Play to the end' }, '▶ Play');
  private readonly whole = h('button', { type: 'button', id: 'stepper-whole', 'aria-keyshortcuts': 'Escape', title: 'The whole picture again (Esc)' }, 'Whole');
  private readonly scrubber = h('input', { type: 'range', id: 'stepper-scrubber', min: 1, max: 1, value: 1, step: 1, 'aria-label': 'Step' });
  private readonly counter = h('output', { id: 'stepper-count', class: 'stepper-count', for: 'stepper-scrubber' }, '');
  private readonly intro = h('p', { id: 'stepper-intro', class: 'stepper-intro' });
  private readonly says = h('p', { id: 'stepper-says', class: 'stepper-says' });
  private readonly readouts = h('dl', { id: 'stepper-readouts', class: 'stats stepper-readouts' });
  private readonly next = h('p', { id: 'stepper-next', class: 'stepper-next' });
  private readonly legend = h('p', { id: 'stepper-legend', class: 'panel-note stepper-legend' });
  private readonly picker: HTMLSelectElement | null = null;
  /** What is on screen: source version, step, count (re-rendered only when it changes). */
  private shown = '';
  private playing = false;
  private lastAdvance = 0;
  private words: StepWords | null = null;

  constructor(
    private readonly source: StepSource,
    private readonly host: StepperHost = {},
  ) {
    const lessons = source.lessons ?? [];
    const parts: HTMLElement[] = [];
    if (lessons.length > 0 && host.restart !== undefined) {
      const picker = h('select', { id: 'stepper-lesson' }, h('option', { value: '' }, 'Live scene'), ...lessons.map((l) => h('option', { value: l.name }, l.title)));
      picker.value = source.lesson ?? '';
      picker.addEventListener('change', () => host.restart?.({ lesson: picker.value === '' ? undefined : picker.value }));
      this.picker = picker;
      parts.push(h('div', { class: 'field stepper-lesson' }, h('label', { for: 'stepper-lesson' }, 'Lesson'), h('div', { class: 'field-controls' }, picker)));
    }
    this.element = panelSection(
      'stepper',
      'Step by step',
      ...parts,
      this.intro,
      h('div', { class: 'buttons stepper-buttons' }, this.back, this.forward, this.playButton, this.whole),
      h('div', { class: 'stepper-scrub' }, this.scrubber, this.counter),
      this.says,
      this.readouts,
      this.next,
      this.legend,
    );
    this.element.classList.add('stepper');
    this.says.setAttribute('aria-live', 'polite');
    this.next.setAttribute('aria-live', 'polite');
    this.forward.addEventListener('click', () => this.stepBy(1));
    this.back.addEventListener('click', () => this.stepBy(-1));
    this.playButton.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    this.whole.addEventListener('click', () => this.goTo(null));
    this.scrubber.addEventListener('input', () => this.show(Number(this.scrubber.value) - 1));
  }

  // --- the handle (the element's methods, the keys) -----------------------------

  get state(): StepState {
    const at = this.source.at;
    return { step: at === null ? null : at + 1, count: this.source.count, says: this.words?.says ?? '', next: this.words?.next ?? '', playing: this.playing };
  }

  /** Step `step` (1 is the first), or the whole picture. */
  goTo(step: number | null): void {
    this.pause();
    this.show(step === null ? null : step - 1);
  }

  play(): void {
    const s = this.source;
    if (!s.ready) return;
    if (s.at === null || s.at >= s.count - 1) s.goTo(0);
    if (prefersReducedMotion()) {
      s.goTo(Math.max(0, s.count - 1));
      this.refresh();
      return;
    }
    this.playing = true;
    this.lastAdvance = performance.now();
    this.refresh();
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.refresh();
  }

  /** One step on (from the whole picture: the first) or back (from it: the last). */
  stepBy(delta: 1 | -1): void {
    this.pause();
    const s = this.source;
    if (!s.ready) return;
    const at = s.at;
    if (at === null) s.goTo(delta > 0 ? 0 : Number.MAX_SAFE_INTEGER);
    else s.goTo(Math.max(0, at + delta));
    this.refresh();
  }

  /** The N key (Shift+N back) and Esc while stepping; true when it was one of them. */
  key(e: KeyboardEvent): boolean {
    if (e.altKey || e.ctrlKey || e.metaKey) return false;
    if (e.key === 'n' || e.key === 'N') {
      this.stepBy(e.shiftKey ? -1 : 1);
      return true;
    }
    if (e.key === 'Escape' && this.source.at !== null) {
      this.goTo(null);
      return true;
    }
    return false;
  }

  // --- the panel ------------------------------------------------------------------

  private show(k: number | null): void {
    this.source.goTo(k);
    this.refresh();
  }

  /** Every frame: Play's next step when due, and the panel when anything it shows changed. */
  update(now: number): void {
    const s = this.source;
    if (this.playing) {
      if (s.at === null || s.at >= s.count - 1) {
        this.playing = false;
      } else if (now - this.lastAdvance >= PLAY_MS) {
        this.lastAdvance = now;
        s.goTo(s.at + 1);
      }
    }
    this.refresh();
  }

  sync(): void {
    if (this.picker !== null) this.picker.value = this.source.lesson ?? '';
  }

  private refresh(): void {
    const s = this.source;
    const at = s.at;
    const count = s.count;
    const key = `${s.version}:${at}:${count}:${s.ready}:${this.playing}`;
    if (key === this.shown) return;
    this.shown = key;
    const stepping = at !== null && count > 0;
    this.words = stepping ? s.words(at) : null;
    this.element.classList.toggle('idle', !stepping);
    this.back.disabled = !s.ready || (stepping && at === 0);
    this.forward.disabled = !s.ready || (stepping && at >= count - 1);
    this.playButton.disabled = !s.ready;
    setText(this.playButton, this.playing ? '❚❚ Pause' : prefersReducedMotion() ? '⇥ End' : '▶ Play');
    this.playButton.setAttribute('aria-pressed', String(this.playing));
    this.whole.disabled = !stepping;
    this.scrubber.disabled = !stepping;
    this.scrubber.max = String(Math.max(1, count));
    this.scrubber.value = String(stepping ? at + 1 : 1);
    setText(this.counter, stepping ? `Step ${at + 1} of ${count}` : count > 0 ? `${count} steps` : '');
    setText(this.intro, this.introText());
    const w = this.words;
    setText(this.says, w?.says ?? s.hint());
    this.next.dataset.kind = w?.kind ?? '';
    this.readouts.replaceChildren(...(w?.readouts ?? []).map(([label, value]) => h('div', { class: 'stat' }, h('dt', { 'data-label': label }, label), h('dd', {}, value))));
    setText(this.next, w === null ? '' : `Next: ${w.next}`);
    setText(this.legend, w === null ? '' : (s.legend ?? ''));
    this.legend.hidden = w === null || s.legend === undefined;
    this.element.dataset.step = stepping ? String(at + 1) : '';
    this.element.dataset.count = String(count);
    this.host.changed?.(this.state);
  }

  private introText(): string {
    const lesson: LessonSpec | undefined = this.source.lessons?.find((l) => l.name === this.source.lesson);
    return lesson !== undefined ? lesson.intro : `Steps through ${this.source.subject}, as the core recorded it.`;
  }
}
