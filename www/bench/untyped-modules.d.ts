// box-intersect and rbush 4 ship no types: the calls the benchmark makes.
declare module 'box-intersect' {
  export default function boxIntersect(boxes: number[][], visit: (i: number, j: number) => unknown): unknown;
}


declare module 'rbush' {
  export default class RBush<T extends { minX: number; minY: number; maxX: number; maxY: number }> {
    load(items: T[]): this;
    search(box: { minX: number; minY: number; maxX: number; maxY: number }): T[];
  }
}
