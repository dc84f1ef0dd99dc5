import { watchAreaSchema, type WatchArea } from '@app/shared/schemas/meet';
import { eventFrame, objectFrames, sendFrame } from '../../../realtime/event-frames';
import type { RealtimeSocket } from '../../../realtime/socket-server';
import { distanceMeters, type LatLng } from '../nearby/geo';
import { coarseDistance, shownPoint, snapToGrid, viewerOffset, type GridCell } from '../nearby/privacy';
import type { HandEvent } from './hand-event';
import { tileOf, tilesOfCircle } from './tiles';

interface Watcher {
  socket: RealtimeSocket;
  userId: number;
  area: WatchArea;
  tiles: number[];
  /**
   * This viewer's offset of each subject it was sent (an HMAC: the costly part of a card). Stable
   * per pair, so a hand that moves again costs its watchers no HMAC.
   */
  offsets: Map<number, { x: number; y: number }>;
}

/** Offsets kept per watcher before the cache starts afresh (a busy area, a long session). */
const MAX_OFFSETS_PER_WATCHER = 5_000;

/** Told when this process starts or stops caring about a tile (the Redis bus subscribes to it). */
export interface TileListener {
  open(tile: number): Promise<void>;
  close(tile: number): void;
}

/**
 * The sockets of this process that watch an area of the map (`meet:watch`), indexed by tile, and
 * the per-viewer fan-out of hand events to them (docs/decisions/013-live-map-fan-out.md). Every
 * process holds only its own sockets; events reach it locally or over the bus.
 */
export class LiveMap {
  private readonly watchers = new Map<string, Watcher>();
  private readonly byTile = new Map<number, Set<Watcher>>();
  /** Each watched tile's subscription, settled once events of the tile can arrive. */
  private readonly opened = new Map<number, Promise<void>>();
  /** Sockets whose disconnect already ends their watch. */
  private readonly hooked = new WeakSet<RealtimeSocket>();

  constructor(
    private readonly secret: Buffer,
    private readonly tiles?: TileListener,
  ) {}

  /**
   * Starts, moves (or with null stops) the socket's area. Resolves false for a bad area, which
   * changes nothing. Resolves once events for the new area can arrive (the bus subscribed).
   */
  async watch(socket: RealtimeSocket, area: unknown): Promise<boolean> {
    if (area === null) {
      this.unwatch(socket.id);
      return true;
    }
    const parsed = watchAreaSchema.safeParse(area);
    if (!parsed.success || socket.disconnected) return false;
    const previous = this.watchers.get(socket.id);
    if (!this.hooked.has(socket)) {
      this.hooked.add(socket);
      socket.once('disconnect', () => this.unwatch(socket.id));
    }
    const watcher: Watcher = {
      socket,
      userId: socket.data.userId,
      area: parsed.data,
      tiles: tilesOfCircle(parsed.data, parsed.data.radius),
      offsets: previous?.offsets ?? new Map(),
    };
    for (const tile of watcher.tiles) {
      let set = this.byTile.get(tile);
      if (!set) {
        this.byTile.set(tile, (set = new Set()));
        if (this.tiles) this.opened.set(tile, this.tiles.open(tile));
      }
      set.add(watcher);
    }
    this.watchers.set(socket.id, watcher);
    if (previous) this.leaveTiles(previous);
    // Also a tile another watcher opened a moment ago: its subscription may still be on its way.
    await Promise.all(watcher.tiles.map((tile) => this.opened.get(tile)));
    return true;
  }

  unwatch(socketId: string): void {
    const watcher = this.watchers.get(socketId);
    if (!watcher) return;
    this.watchers.delete(socketId);
    this.leaveTiles(watcher);
  }

  /** Sockets watching on this process. */
  get size(): number {
    return this.watchers.size;
  }

  /**
   * Sends each local watcher in reach what it may see of the event: hand:update with the card as
   * that viewer sees it when the shown point is in its circle, hand:remove when it could see the
   * hand before and no longer can. Never to the subject, never across a block. Synchronous, so
   * events are delivered in the order they arrive.
   */
  dispatch(event: HandEvent): number {
    const candidates = new Set<Watcher>();
    const reach = [event.at, ...(event.kind === 'update' && event.prev ? [event.prev] : [])];
    for (const tile of new Set(reach.map(tileOf)))
      for (const watcher of this.byTile.get(tile) ?? []) candidates.add(watcher);
    if (candidates.size === 0) return 0;
    const blocked = new Set(event.blocked);
    // Snapped once per event; each viewer only adds its offset (nearby/privacy.ts publicPosition).
    const cell = event.kind === 'update' ? snapToGrid(event.at.lat, event.at.lng) : null;
    const before = event.kind === 'update' ? event.prev : event.at;
    const beforeCell = before ? snapToGrid(before.lat, before.lng) : null;
    // The card is encoded once; each viewer's frame adds only its position and distance.
    const updateFrame = event.kind === 'update' ? objectFrames('hand:update', event.base) : null;
    const removeFrame = eventFrame('hand:remove', { userId: event.userId });
    let sent = 0;
    for (const watcher of candidates) {
      if (watcher.userId === event.userId || blocked.has(watcher.userId)) continue;
      if (updateFrame) {
        const position = this.shown(watcher, event.userId, cell!);
        const meters = distanceMeters(watcher.area, position);
        // The same rule as the nearby list: the shown point within the radius.
        if (meters <= watcher.area.radius) {
          sendFrame(watcher.socket, updateFrame({ position, distance: coarseDistance(meters) }));
          sent++;
          continue;
        }
      }
      if (beforeCell && this.sees(watcher, this.shown(watcher, event.userId, beforeCell))) {
        sendFrame(watcher.socket, removeFrame);
        sent++;
      }
    }
    return sent;
  }

  private shown(watcher: Watcher, subjectId: number, cell: GridCell): LatLng {
    let offset = watcher.offsets.get(subjectId);
    if (!offset) {
      if (watcher.offsets.size >= MAX_OFFSETS_PER_WATCHER) watcher.offsets.clear();
      offset = viewerOffset(watcher.userId, subjectId, this.secret);
      watcher.offsets.set(subjectId, offset);
    }
    return shownPoint(cell, offset);
  }

  private sees(watcher: Watcher, shown: LatLng): boolean {
    return distanceMeters(watcher.area, shown) <= watcher.area.radius;
  }

  private leaveTiles(watcher: Watcher): void {
    for (const tile of watcher.tiles) {
      const set = this.byTile.get(tile);
      if (!set) continue;
      set.delete(watcher);
      if (set.size === 0) {
        this.byTile.delete(tile);
        this.opened.delete(tile);
        this.tiles?.close(tile);
      }
    }
  }
}
