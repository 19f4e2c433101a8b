// A one-line message over the stage (why the simulation paused, …) that
// fades by itself; role="status" so screen readers hear it once.

const SHOW_MS = 6000;

export class Notice {
  private timer = 0;

  constructor(private readonly element: HTMLElement) {
    element.addEventListener('click', () => this.hide());
  }

  show(text: string): void {
    this.element.textContent = text;
    this.element.hidden = false;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.hide(), SHOW_MS);
  }

  hide(): void {
    this.element.hidden = true;
  }

  destroy(): void {
    window.clearTimeout(this.timer);
  }
}
