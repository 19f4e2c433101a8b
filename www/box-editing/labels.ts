// Names for drawn boxes: "A", "B", … "Z", "AA", … (or, where letters name
// something else, as in the rays mode whose ray ends are A and B, "#" and
// the object id the box was made with). Each box keeps its name for its
// life, and undo, which re-creates a deleted box under a new object id,
// gives it back its old name, so the readout and the canvas agree with
// what the user remembers.

/** The n-th label (0-based): A … Z, then AA, AB, … */
export function labelFor(n: number): string {
  let text = '';
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) text = String.fromCharCode(65 + ((k - 1) % 26)) + text;
  return text;
}

/** Object id → label; labels are never reused while the owner lives, except by undo. */
export class BoxLabels {
  private readonly byId = new Map<number, string>();
  private issued = 0;

  /** `names`: letters, or `#` and the id the box is made with. */
  constructor(private readonly names: 'letters' | 'ids' = 'letters') {}

  /** Names `id`: with `label` (undo giving a name back), else the next fresh one. */
  name(id: number, label?: string): string {
    const text = label ?? (this.names === 'ids' ? `#${id}` : labelFor(this.issued++));
    this.byId.set(id, text);
    return text;
  }

  forget(id: number): void {
    this.byId.delete(id);
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** Box `id`'s label (`#id` for a box this owner never named). */
  of(id: number): string {
    return this.byId.get(id) ?? `#${id}`;
  }

  /** The id wearing `label`, or 0. */
  idOf(label: string): number {
    for (const [id, text] of this.byId) if (text === label) return id;
    return 0;
  }

  /** The named ids, in id order. */
  ids(): number[] {
    return [...this.byId.keys()].sort((a, b) => a - b);
  }
}
