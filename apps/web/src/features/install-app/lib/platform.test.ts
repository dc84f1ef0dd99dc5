// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isIos } from './platform';

describe('isIos', () => {
  it('knows iPhones and iPads, including iPadOS posing as a Mac', () => {
    expect(
      isIos(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
        5,
      ),
    ).toBe(true);
    expect(isIos('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15', 5)).toBe(true);
    expect(
      isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 5),
    ).toBe(true);
  });

  it('leaves out Macs, Android and desktops', () => {
    expect(
      isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 0),
    ).toBe(false);
    expect(
      isIos('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 5),
    ).toBe(false);
    expect(isIos('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 0)).toBe(false);
  });
});
