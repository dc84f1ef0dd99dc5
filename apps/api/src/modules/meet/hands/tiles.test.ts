import { describe, expect, it } from 'vitest';
import { destination } from '../nearby/geo';
import { seededRandom } from '../../../../test/kits/nearby-index-contract';
import { SNAP_MARGIN_METERS, tileOf, tilesOfCircle } from './tiles';

describe('live map tiles', () => {
  it('a circle’s tiles hold every point within its radius plus the snapping margin, anywhere on Earth', () => {
    const random = seededRandom(7);
    for (const center of [
      { lat: 55.7558, lng: 37.6173 },
      { lat: 0.01, lng: 179.99 },
      { lat: -33.9, lng: -179.95 },
      { lat: 84.9, lng: 12 },
      { lat: -89.5, lng: 0 },
    ]) {
      for (const radius of [100, 10_000, 50_000]) {
        const tiles = new Set(tilesOfCircle(center, radius));
        for (let i = 0; i < 400; i++) {
          const p = destination(center, random() * 360, random() * (radius + SNAP_MARGIN_METERS));
          expect(tiles.has(tileOf(p)), `${JSON.stringify(center)} r=${radius}`).toBe(true);
        }
      }
    }
  });

  it('keeps an ordinary area to a handful of tiles', () => {
    expect(tilesOfCircle({ lat: 55.75, lng: 37.61 }, 10_000).length).toBeLessThanOrEqual(6);
    expect(tilesOfCircle({ lat: 55.75, lng: 37.61 }, 50_000).length).toBeLessThanOrEqual(40);
  });
});
