// The tile editor's HTML: the palette and tools, the map (presets, clear,
// edge counts), the touched-cells readout per box, the keys, and the legend
// under the canvas. Each panel re-reads the editor in `sync()`, which the
// mode calls at most once per frame after a change.

import { World } from '../../core/index';
import type { BoxView, Side, TilesModel, Tool } from './model';
import { BoxListPanel, num } from '../../box-editing/box-list';
import type { ShapeInfo } from './shapes';
import { boxRgb } from './colours';
import { h, key, panelSection, setText, type Panel } from '../../runtime/ui';

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

const UNIT_SIDE: Record<Side, [number, number, number, number]> = {
  left: [0, 0, 0, 1],
  right: [1, 0, 1, 1],
  top: [0, 0, 1, 0],
  bottom: [0, 1, 1, 1],
};

/**
 * A shape's icon: its exact solid part, and the sides a lone tile of it
 * gives (solid red, interesting grey, as Metanet's N tutorial B draws them).
 */
export function shapeIcon(shape: ShapeInfo): SVGSVGElement {
  const icon = svg('svg', { viewBox: '-0.12 -0.12 1.24 1.24', class: 'tiles-icon', 'aria-hidden': 'true' });
  icon.append(svg('rect', { x: 0, y: 0, width: 1, height: 1, class: 'tiles-icon-cell' }));
  if (shape.outline.length >= 6) {
    const points: string[] = [];
    for (let p = 0; p < shape.outline.length; p += 2) points.push(`${shape.outline[p].toFixed(3)},${shape.outline[p + 1].toFixed(3)}`);
    icon.append(svg('polygon', { points: points.join(' '), class: 'tiles-icon-solid' }));
  }
  for (const [side, state] of Object.entries(shape.sides) as [Side, string][]) {
    if (state === 'empty') continue;
    const [x1, y1, x2, y2] = UNIT_SIDE[side];
    icon.append(svg('line', { x1, y1, x2, y2, class: state === 'solid' ? 'tiles-icon-solid-edge' : 'tiles-icon-interesting-edge' }));
  }
  return icon;
}

export { cellList } from '../../box-editing/box-list';

// --- palette and tools -----------------------------------------------------

export class PalettePanel implements Panel {
  readonly element: HTMLElement;
  private readonly tools: Record<Tool, HTMLButtonElement>;
  private readonly swatches: HTMLButtonElement[] = [];
  private readonly inHand = h('output', { id: 'tiles-in-hand', class: 'tiles-in-hand' });
  private readonly touchEdit: HTMLButtonElement;
  private readonly undo: HTMLButtonElement;
  private readonly redo: HTMLButtonElement;

  constructor(private readonly editor: TilesModel) {
    const tool = (name: Tool, label: string, key: string, title: string) => {
      const b = h('button', { type: 'button', id: `tiles-tool-${name}`, 'aria-keyshortcuts': key, title: `${title} (${key})` }, label);
      b.addEventListener('click', () => editor.setTool(name));
      return b;
    };
    this.tools = {
      paint: tool('paint', 'Paint', 'P', 'Click or drag on the map to lay the shape in hand'),
      erase: tool('erase', 'Erase', 'E', 'Click or drag to empty cells; the right button erases with any tool'),
      door: tool('door', 'Door', 'D', 'Click near a cell side: closed door, open door, none'),
      box: tool('box', 'Box', 'B', 'Drag on the map to draw a new box (Shift-drag does it with any tool)'),
      edge: tool('edge', 'Edge?', 'I', 'Click near a cell side: the stepper explains its state from the two tiles that share it'),
    };
    this.touchEdit = h('button', { type: 'button', id: 'tiles-touch-edit', 'aria-pressed': 'false', title: 'On a touch screen, let one finger paint, erase or place doors (off: it scrolls the page)' }, 'Edit by touch');
    this.touchEdit.addEventListener('click', () => editor.setTouchEdit(!editor.touchEdit));
    this.undo = h('button', { type: 'button', id: 'tiles-undo', 'aria-keyshortcuts': 'Control+Z Meta+Z', title: 'Undo the last paint stroke, door or box change (Ctrl/Cmd+Z)' }, '↶ Undo');
    this.redo = h('button', { type: 'button', id: 'tiles-redo', 'aria-keyshortcuts': 'Control+Shift+Z Meta+Shift+Z Control+Y', title: 'Redo (Shift+Ctrl/Cmd+Z)' }, '↷ Redo');
    this.undo.addEventListener('click', () => editor.undo());
    this.redo.addEventListener('click', () => editor.redo());
    const rotate = h('button', { type: 'button', id: 'tiles-rotate', 'aria-keyshortcuts': 'R Shift+R', title: 'Turn the shape in hand a quarter clockwise (R; Shift+R the other way)' }, '↻ Rotate');
    rotate.addEventListener('click', () => editor.rotate(true));

    const groups = editor.catalogue.families.map(({ family, shapes }) => {
      const members = shapes;
      const buttons = members.map((shape) => this.swatch(shape));
      const label = family === 'full' ? 'full · empty' : family;
      return h('div', { class: 'tiles-family', role: 'group', 'aria-label': label }, h('span', { class: 'tiles-family-name' }, label), h('div', { class: 'tiles-family-shapes' }, ...buttons));
    });
    // One Tab stop for the whole palette; the arrow keys, Home and End move inside it.
    const palette = h('div', { class: 'tiles-palette', role: 'toolbar', 'aria-label': 'Tile shapes', 'aria-orientation': 'horizontal' }, ...groups);
    palette.addEventListener('keydown', (e) => this.paletteKey(e));
    this.element = panelSection(
      'tiles-palette',
      'Tiles',
      h('div', { class: 'buttons tiles-tools', role: 'toolbar', 'aria-label': 'Tools' }, this.tools.paint, this.tools.erase, this.tools.door, this.tools.box, this.tools.edge, rotate),
      palette,
      h('p', { class: 'tiles-hint' }, 'In hand: ', this.inHand),
      h('div', { class: 'buttons tiles-history' }, this.undo, this.redo, this.touchEdit),
    );
  }

  /** Roving focus over the swatches: arrows step, Home / End jump, Enter / Space pick (the buttons' own click). */
  private paletteKey(e: KeyboardEvent): void {
    const at = this.swatches.findIndex((b) => b === document.activeElement || b === (b.getRootNode() as Document | ShadowRoot).activeElement);
    if (at < 0) return;
    const last = this.swatches.length - 1;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown' ? Math.min(last, at + 1) : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? Math.max(0, at - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (next < 0) return;
    e.preventDefault();
    this.swatches.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
    this.swatches[next].focus();
  }

  private swatch(shape: ShapeInfo): HTMLButtonElement {
    const b = h('button', { type: 'button', class: 'tiles-swatch', 'data-shape': shape.name, title: shape.name, 'aria-label': shape.name, tabindex: this.swatches.length === 0 ? 0 : -1 }, shapeIcon(shape));
    b.addEventListener('click', () => this.editor.setShape(shape.name));
    this.swatches.push(b);
    return b;
  }

  sync(): void {
    const e = this.editor;
    for (const [name, b] of Object.entries(this.tools)) b.setAttribute('aria-pressed', String(e.tool === name));
    for (const b of this.swatches) {
      const name = b.dataset.shape;
      const on = e.tool === 'erase' ? name === 'empty' : e.tool === 'paint' && name === e.shape;
      b.setAttribute('aria-pressed', String(on));
    }
    const text = e.tool === 'erase' ? 'eraser' : e.tool === 'door' ? 'doors (closed → open → none)' : e.tool === 'edge' ? 'a cell side to explain (the stepper)' : e.tool === 'box' ? 'new box (drag it out)' : e.shape;
    setText(this.inHand, text);
    this.undo.disabled = !e.history.canUndo;
    this.redo.disabled = !e.history.canRedo;
    this.touchEdit.setAttribute('aria-pressed', String(e.touchEdit));
    // The roving stop follows the shape in hand unless focus is inside the palette.
    const root = this.element.getRootNode() as Document | ShadowRoot;
    if (!this.swatches.includes(root.activeElement as HTMLButtonElement)) {
      const current = this.swatches.findIndex((b) => b.getAttribute('aria-pressed') === 'true');
      this.swatches.forEach((b, i) => (b.tabIndex = i === Math.max(0, current) ? 0 : -1));
    }
  }
}

// --- the map -------------------------------------------------------------------

export class MapPanel implements Panel {
  readonly element: HTMLElement;
  private readonly preset = h('select', { id: 'tiles-preset' });
  private readonly summary = h('p', { id: 'tiles-summary', class: 'tiles-summary' });
  private shownRevision = -1;

  constructor(private readonly editor: TilesModel, onPreset: (name: string) => void) {
    for (const name of editor.presets) this.preset.append(h('option', { value: name }, name));
    const reload = h('button', { type: 'button', id: 'tiles-reload', title: 'Load the preset again, dropping your edits and doors' }, 'Reload');
    const clear = h('button', { type: 'button', id: 'tiles-clear', title: 'Empty every tile and remove the doors' }, 'Clear');
    this.preset.addEventListener('change', () => onPreset(this.preset.value));
    reload.addEventListener('click', () => onPreset(this.preset.value));
    clear.addEventListener('click', () => editor.clear());
    this.element = panelSection(
      'tiles-map',
      'Map',
      h('div', { class: 'field' }, h('label', { for: 'tiles-preset' }, 'Preset'), h('div', { class: 'field-controls' }, this.preset, reload, clear)),
      this.summary,
    );
  }

  sync(): void {
    const e = this.editor;
    if (this.preset.value !== e.preset) this.preset.value = e.preset;
    const t = e.tiles;
    if (this.shownRevision === t.revision) return;
    this.shownRevision = t.revision;
    // Counted from the core's own edge and door views, read once per change.
    const states = World.edgeStates();
    const [solidCode, interestingCode] = [states.indexOf('solid'), states.indexOf('interesting')];
    let solid = 0;
    let interesting = 0;
    for (const code of t.edges()) {
      if (code === solidCode) solid += 1;
      else if (code === interestingCode) interesting += 1;
    }
    let doors = 0;
    for (const code of t.doors()) if (code !== 0) doors += 1;
    setText(
      this.summary,
      `${t.cols} × ${t.rows} tiles of ${num(t.tileSize)} · ${solid + interesting} edges: ${solid} solid, ${interesting} interesting` +
        (doors > 0 ? ` · ${doors} ${doors === 1 ? 'door' : 'doors'}` : ''),
    );
  }
}

// --- touched cells --------------------------------------------------------------

/** Per box: its touched cells, where it is, its push-out and a Resolve button (the shared box list, plus push-out). */
export function readoutPanel(editor: TilesModel): BoxListPanel<BoxView> {
  return new BoxListPanel<BoxView>({
    panelId: 'tiles-readout',
    title: 'Touched cells',
    prefix: 'tiles',
    empty: 'No boxes: drag with the Box tool (or Shift-drag) to draw one.',
    boxes: () => editor.boxes(),
    selected: () => editor.selected,
    select: (id) => editor.select(id),
    duplicate: (id) => editor.duplicateBox(id),
    remove: (id) => editor.deleteBox(id),
    colour: (id) => `var(--t-box${(id - 1) % boxRgb().length})`,
    extras: (b) => {
      const resolve = h('button', { type: 'button', class: 'tiles-resolve box-list-small', title: `Move box ${b.name} by its push-out, out of the tiles` }, 'Resolve');
      resolve.addEventListener('click', () => editor.resolve(b.id));
      const push = h('span', { class: 'tiles-push-text', title: 'pushOut(): the smallest move that takes the box out of every tile' });
      return {
        buttons: [resolve],
        fact: push,
        update(box) {
          const stuck = box.pushX !== 0 || box.pushY !== 0;
          setText(push, stuck ? `push-out (${num(box.pushX)}, ${num(box.pushY)})` : 'clear');
          push.classList.toggle('stuck', stuck);
          resolve.disabled = !stuck;
        },
      };
    },
  });
}

// --- keys, explanation, legend ------------------------------------------------------

export class KeysPanel implements Panel {
  readonly element = panelSection(
    'tiles-keys',
    'Hands on',
    h(
      'ul',
      { class: 'keys-list' },
      key(['click', 'drag'], 'paint the shape in hand; right button erases'),
      key(['R'], 'turn the shape a quarter (Shift+R back)'),
      key(['P', 'E', 'D', 'B', 'I'], 'paint, erase, door, box tool; I: a cell side to explain (inspect)'),
      key(['Shift', 'drag'], 'draw a new box with any tool'),
      key(['drag'], 'a box to move it; its edges and corners resize it'),
      key(['1', '…', '9'], 'select box A, B, C, … (Enter on the map: the next box)'),
      key(['Delete'], 'delete the selected box (Ctrl/Cmd+D duplicates it)'),
      key(['N'], 'the chosen side, then the selected box’s push-out, one step on (Shift+N back; Esc the whole picture)'),
      key(['Ctrl', 'Z'], 'undo (Shift+Ctrl+Z redo); Cmd on a Mac'),
      key(['←', '↑', '→', '↓'], 'move the selected box (Shift: resize) when the map has focus'),
      key(['Esc'], 'on the map: let go of the box for the tile cursor (again: leave the map)'),
      key(['←', '↑', '→', '↓', 'Enter'], 'with no box selected: move the tile cursor; Enter paints there with the tool in hand (Delete erases)'),
      key(['I'], 'on the map: draw a box on the tile cursor\'s cell (Insert too)'),
      key(['middle-drag'], 'pan (or hold Space and drag); two fingers pinch and pan on a touch screen'),
    ),
  );
}

export class AboutPanel implements Panel {
  readonly element = panelSection(
    'tiles-about',
    'N-style tile grid',
    h(
      'p',
      { class: 'tiles-about' },
      'A box ',
      h('em', {}, 'touches'),
      ' the cells its interior overlaps: those are all the tiles the narrow phase must test. Each cell side is ',
      h('strong', { class: 'tiles-solid-text' }, 'solid'),
      ' where a tile face covers it whole, ',
      h('strong', { class: 'tiles-interesting-text' }, 'interesting'),
      ' where a tile is there but leaves it partly open, and empty (not drawn) in open space or inside solid rock.',
    ),
  );
}

function legendItem(kind: string, text: string): HTMLElement {
  return h('li', {}, h('span', { class: `swatch tiles-legend-${kind}`, 'aria-hidden': 'true' }), text);
}

export function tilesLegend(): HTMLElement {
  return h(
    'ul',
    { class: 'legend', 'aria-label': 'Legend' },
    legendItem('tile', 'tile'),
    legendItem('solid', 'solid edge'),
    legendItem('interesting', 'interesting edge'),
    legendItem('door', 'door (closed, open)'),
    legendItem('touched', 'touched cells'),
    legendItem('push', 'push-out and landing'),
  );
}
