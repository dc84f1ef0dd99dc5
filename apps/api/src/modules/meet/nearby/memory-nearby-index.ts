import { DEG, hav, havToMeters, metersToHav, EARTH_RADIUS_METERS } from './geo';
import { BoundedMaxHeap } from './max-heap';
import {
  admitUpdate,
  assertUserId,
  checkQuery,
  indexPosition,
  type CheckedQuery,
  type MovementGuard,
  type NearOptions,
  type NearbyHit,
  type NearbyIndex,
  type NearbyIndexOptions,
  type PositionMeta,
  type TrackedPosition,
} from './nearby-index';

export interface MemoryNearbyIndexOptions extends NearbyIndexOptions {
  /**
   * Side of a grid bucket in degrees. 0.02° (about 2.2 km north-south, 1.3 km east-west at 55°)
   * keeps a city-dense bucket small while a 25 km query still touches under a thousand buckets.
   */
  cellDegrees?: number;
}

interface Entry extends TrackedPosition {
  userId: number;
  /**
   * Unit vector of the position. hav(d) = chord² / 4, so comparing distances costs three
   * subtractions and no trigonometry per candidate.
   */
  x: number;
  y: number;
  z: number;
  /** Bucket key, or -1 for a ghost (tracked for the guard, not searchable). */
  cell: number;
  /** Index inside the bucket array, so removal is O(1) (swap with the last). */
  slot: number;
}

/**
 * In-process nearby index: an equirectangular grid of buckets (key = row * cols + col), searched
 * in square rings outward from the query's bucket. After each ring a lower bound on the distance
 * to anything unvisited lets the search stop as soon as `limit` nearer hits are held, so a query in
 * a dense city reads a few buckets instead of every point in the radius. Used when REDIS_URL is
 * not set (one process).
 */
export class MemoryNearbyIndex implements NearbyIndex {
  private readonly tracked = new Map<number, Entry>();
  private readonly buckets = new Map<number, Entry[]>();
  private visibleCount = 0;
  private readonly rows: number;
  private readonly cols: number;
  private readonly rowDeg: number;
  private readonly colDeg: number;
  private readonly guard: MovementGuard | undefined;
  /** Hands whose distance the last `near` computed: how much of a scan the grid saved (tests assert on it). */
  lastExamined = 0;

  constructor(options: MemoryNearbyIndexOptions = {}) {
    const cell = options.cellDegrees ?? 0.02;
    if (!(cell >= 0.001 && cell <= 10)) throw new RangeError(`cellDegrees out of range: ${cell}`);
    // Whole numbers of rows and columns, so the grid tiles the sphere and wraps at 180°.
    this.cols = Math.round(360 / cell);
    this.colDeg = 360 / this.cols;
    this.rows = Math.ceil(180 / cell);
    this.rowDeg = 180 / this.rows;
    this.guard = options.movementGuard;
  }

  async upsert(userId: number, lat: number, lng: number, meta?: PositionMeta): Promise<boolean> {
    assertUserId(userId);
    const next = indexPosition(lat, lng, meta);
    const previous = this.tracked.get(userId);
    if (!(await admitUpdate(this.guard, userId, previous, next))) return false;
    // The guard may be async: if the user was removed or moved meanwhile, this update lost the race
    // (a lowered hand must not come back from an update that was in flight).
    if (this.tracked.get(userId) !== previous) return false;
    if (previous) this.unbucket(previous);
    const entry: Entry = {
      userId,
      lat: next.lat,
      lng: next.lng,
      at: next.at,
      ...(next.accuracyMeters === undefined ? {} : { accuracyMeters: next.accuracyMeters }),
      ...unitVector(next.lat, next.lng),
      cell: -1,
      slot: -1,
    };
    this.tracked.set(userId, entry);
    if (!next.ghost) this.bucket(entry);
    return true;
  }

  async remove(userId: number): Promise<boolean> {
    const entry = this.tracked.get(userId);
    if (!entry) return false;
    this.unbucket(entry);
    this.tracked.delete(userId);
    return true;
  }

  async has(userId: number): Promise<boolean> {
    return (this.tracked.get(userId)?.cell ?? -1) >= 0;
  }

  async size(): Promise<number> {
    return this.visibleCount;
  }

  async close(): Promise<void> {
    this.tracked.clear();
    this.buckets.clear();
    this.visibleCount = 0;
  }

  async near(lat: number, lng: number, radiusMeters: number, options?: NearOptions): Promise<NearbyHit[]> {
    const query = checkQuery(lat, lng, radiusMeters, options);
    const heap = new BoundedMaxHeap<Entry>(query.limit);
    this.lastExamined = 0;
    if (this.visibleCount > 0) this.search(query, heap);
    return heap.sorted().map(({ key, value }) => ({
      userId: value.userId,
      distanceMeters: havToMeters(key),
      lat: value.lat,
      lng: value.lng,
    }));
  }

  private search(query: CheckedQuery, heap: BoundedMaxHeap<Entry>): void {
    const { cols, rowDeg, colDeg, buckets } = this;
    const cosLat = Math.cos(query.lat * DEG);
    const { x, y, z } = unitVector(query.lat, query.lng);
    const havMax = metersToHav(query.radiusMeters);
    const exclude = query.exclude;
    const visit = (bucket: Entry[] | undefined): void => {
      if (!bucket) return;
      this.lastExamined += bucket.length;
      for (const e of bucket) {
        const dx = e.x - x;
        const dy = e.y - y;
        const dz = e.z - z;
        const h = (dx * dx + dy * dy + dz * dz) / 4;
        if (h <= havMax && h < heap.threshold && !exclude.has(e.userId)) heap.offer(h, e);
      }
    };

    // Bounding box of the spherical cap, in buckets. The 1e-9° pad (0.1 mm) absorbs rounding.
    const angle = Math.min(Math.PI, query.radiusMeters / EARTH_RADIUS_METERS);
    const dLat = angle / DEG + 1e-9;
    const rowMin = this.rowOf(query.lat - dLat);
    const rowMax = this.rowOf(query.lat + dLat);
    const r0 = this.rowOf(query.lat);
    const c0 = this.colOf(query.lng);
    // Longitude half-width of a cap that contains no pole: asin(sin a / cos lat).
    const sinRatio = Math.sin(angle) / cosLat;
    const capHasPole = query.lat - dLat <= -90 || query.lat + dLat >= 90 || angle >= Math.PI / 2 || sinRatio >= 1;
    const dLng = capHasPole ? 180 : Math.asin(sinRatio) / DEG + 1e-9;
    let colLo = Math.floor((query.lng - dLng + 180) / colDeg);
    let colHi = Math.floor((query.lng + dLng + 180) / colDeg);
    if (capHasPole || colHi - colLo + 1 >= cols) {
      // Every column, each once, centred on the query so rings grow evenly both ways.
      colLo = c0 - Math.floor((cols - 1) / 2);
      colHi = colLo + cols - 1;
    }

    const cell = (r: number, c: number) => buckets.get(r * cols + (((c % cols) + cols) % cols));
    const boxCells = (rowMax - rowMin + 1) * (colHi - colLo + 1);
    if (boxCells > 4 * buckets.size + 1024) {
      // A huge radius or a cap over a pole: cheaper to walk the non-empty buckets once.
      for (const [key, bucket] of buckets) {
        const r = Math.floor(key / cols);
        if (r >= rowMin && r <= rowMax) visit(bucket);
      }
      return;
    }

    // Any latitude inside the searched rows has at least this cosine (used by the lower bound).
    const cosMin = Math.min(Math.cos((-90 + rowMin * rowDeg) * DEG), Math.cos((-90 + (rowMax + 1) * rowDeg) * DEG));
    const kMax = Math.max(r0 - rowMin, rowMax - r0, c0 - colLo, colHi - c0);
    for (let k = 0; k <= kMax; k++) {
      if (k === 0) {
        visit(cell(r0, c0));
      } else {
        const cLo = Math.max(colLo, c0 - k);
        const cHi = Math.min(colHi, c0 + k);
        if (r0 - k >= rowMin) for (let c = cLo; c <= cHi; c++) visit(cell(r0 - k, c));
        if (r0 + k <= rowMax) for (let c = cLo; c <= cHi; c++) visit(cell(r0 + k, c));
        const rLo = Math.max(rowMin, r0 - k + 1);
        const rHi = Math.min(rowMax, r0 + k - 1);
        if (c0 - k >= colLo) for (let r = rLo; r <= rHi; r++) visit(cell(r, c0 - k));
        if (c0 + k <= colHi) for (let r = rLo; r <= rHi; r++) visit(cell(r, c0 + k));
      }
      // Lower bound (as a haversine) on the distance to any point outside rings 0..k:
      // a point in another row is at least the latitude gap away; a point in another column is at
      // least hav(d) >= cos(lat1) cos(lat2) hav(dLng) away.
      let bound = Infinity;
      if (r0 - k > rowMin) bound = Math.min(bound, hav((query.lat - (-90 + (r0 - k) * rowDeg)) * DEG));
      if (r0 + k < rowMax) bound = Math.min(bound, hav((-90 + (r0 + k + 1) * rowDeg - query.lat) * DEG));
      let gap = Infinity;
      if (c0 - k > colLo) gap = Math.min(gap, query.lng + 180 - (c0 - k) * colDeg);
      if (c0 + k < colHi) gap = Math.min(gap, (c0 + k + 1) * colDeg - (query.lng + 180));
      if (gap !== Infinity) bound = Math.min(bound, cosLat * cosMin * hav(Math.min(gap, 180 - colDeg) * DEG));
      if (bound > havMax || bound >= heap.threshold) return;
    }
  }

  private rowOf(lat: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat + 90) / this.rowDeg)));
  }

  /** Column of a longitude in [-180, 180). */
  private colOf(lng: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((lng + 180) / this.colDeg)));
  }

  private bucket(entry: Entry): void {
    const key = this.rowOf(entry.lat) * this.cols + this.colOf(entry.lng);
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = []));
    entry.cell = key;
    entry.slot = bucket.length;
    bucket.push(entry);
    this.visibleCount++;
  }

  private unbucket(entry: Entry): void {
    if (entry.cell < 0) return;
    const bucket = this.buckets.get(entry.cell)!;
    const last = bucket.pop()!;
    if (last !== entry) {
      bucket[entry.slot] = last;
      last.slot = entry.slot;
    }
    if (bucket.length === 0) this.buckets.delete(entry.cell);
    entry.cell = -1;
    entry.slot = -1;
    this.visibleCount--;
  }
}

function unitVector(lat: number, lng: number): { x: number; y: number; z: number } {
  const cosLat = Math.cos(lat * DEG);
  return { x: cosLat * Math.cos(lng * DEG), y: cosLat * Math.sin(lng * DEG), z: Math.sin(lat * DEG) };
}
