import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './provider-sign-in';

describe('safeReturnTo', () => {
  it('keeps local paths with their query and fragment', () => {
    expect(safeReturnTo('/')).toBe('/');
    expect(safeReturnTo('/market?nft=3#top')).toBe('/market?nft=3#top');
    expect(safeReturnTo('/account/data')).toBe('/account/data');
    // Encoded characters stay encoded: the router treats them as part of the path.
    expect(safeReturnTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('drops anything that could leave the site', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'market',
      '',
      '/\tevil',
      `/${'a'.repeat(3000)}`,
      undefined,
      42,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeNull();
    }
  });
});
