import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-name';

describe('fileNameFromDisposition', () => {
  it("reads the server's quoted or plain filename", () => {
    expect(fileNameFromDisposition('attachment; filename="partner-stats-30d.csv"', 'x.csv')).toBe(
      'partner-stats-30d.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=stats.csv', 'x.csv')).toBe('stats.csv');
  });

  it('prefers the RFC 5987 encoded name', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''%D1%81%D1%82%D0%B0%D1%82.csv`, 'x.csv'),
    ).toBe('стат.csv');
  });

  it('falls back when there is no header or no usable name, and strips any path', () => {
    expect(fileNameFromDisposition(null, 'partner-stats-7d.csv')).toBe('partner-stats-7d.csv');
    expect(fileNameFromDisposition('attachment', 'f.csv')).toBe('f.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'f.csv')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename=""', 'f.csv')).toBe('f.csv');
  });
});
