import { describe, expect, it } from 'vitest';
import { distanceMeters, WATCH_RADII, watchRadiusFor } from './geo';

describe('map geometry', () => {
  it('measures short distances in metres', () => {
    // 0.009 degrees of latitude are about 1 km anywhere.
    expect(distanceMeters({ lat: 52.52, lng: 13.4 }, { lat: 52.529, lng: 13.4 })).toBeCloseTo(1000.8, 0);
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })).toBe(0);
  });

  it('snaps the watched radius to the smallest step covering the visible corners, at most the API limit', () => {
    const center = { lat: 52.52, lng: 13.4 };
    expect(watchRadiusFor(center, [{ lat: 52.523, lng: 13.4 }])).toBe(500);
    expect(
      watchRadiusFor(center, [
        { lat: 52.53, lng: 13.4 },
        { lat: 52.52, lng: 13.401 },
      ]),
    ).toBe(2_000);
    expect(watchRadiusFor(center, [{ lat: 53.52, lng: 13.4 }])).toBe(WATCH_RADII.at(-1));
  });
});
