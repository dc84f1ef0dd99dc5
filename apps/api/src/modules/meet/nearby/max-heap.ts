/**
 * A bounded max-heap of (key, value): keeps the `capacity` smallest keys seen, so a nearby query
 * holding `limit` hits costs O(n log limit) instead of sorting every candidate in the radius.
 */
export class BoundedMaxHeap<T> {
  private readonly keys: number[] = [];
  private readonly values: T[] = [];

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.keys.length;
  }

  get full(): boolean {
    return this.keys.length >= this.capacity;
  }

  /** A candidate must have a smaller key than this to be kept (Infinity until full). */
  get threshold(): number {
    return this.keys.length >= this.capacity ? this.keys[0]! : Infinity;
  }

  offer(key: number, value: T): void {
    if (this.keys.length < this.capacity) {
      this.keys.push(key);
      this.values.push(value);
      this.up(this.keys.length - 1);
    } else if (key < this.keys[0]!) {
      this.keys[0] = key;
      this.values[0] = value;
      this.down(0);
    }
  }

  /** Everything kept, smallest key first. */
  sorted(): { key: number; value: T }[] {
    return this.keys.map((key, i) => ({ key, value: this.values[i]! })).sort((a, b) => a.key - b.key);
  }

  private up(i: number): void {
    const { keys, values } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! >= keys[i]!) break;
      this.swap(i, parent, keys, values);
      i = parent;
    }
  }

  private down(i: number): void {
    const { keys, values } = this;
    const n = keys.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let largest = i;
      if (l < n && keys[l]! > keys[largest]!) largest = l;
      if (r < n && keys[r]! > keys[largest]!) largest = r;
      if (largest === i) return;
      this.swap(i, largest, keys, values);
      i = largest;
    }
  }

  // Plain temporaries: a destructuring swap allocates an array per step on this hot path.
  private swap(a: number, b: number, keys: number[], values: T[]): void {
    const key = keys[a]!;
    keys[a] = keys[b]!;
    keys[b] = key;
    const value = values[a]!;
    values[a] = values[b]!;
    values[b] = value;
  }
}
