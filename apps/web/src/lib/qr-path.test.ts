import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { qrPath } from './qr-path';

describe('qrPath', () => {
  it('draws exactly the dark modules of the code, row run by row run', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const { size, d } = qrPath(address, 0);
    const { modules } = QRCode.create(address, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);

    const dark = new Set<string>();
    for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i++) dark.add(`${Number(x) + i},${y}`);
    }
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) expect(dark.has(`${x},${y}`), `${x},${y}`).toBe(Boolean(modules.get(y, x)));
    }
  });

  it('shifts everything by the quiet zone', () => {
    expect(qrPath('abc', 4).d.startsWith('M4 4h')).toBe(true);
  });
});
