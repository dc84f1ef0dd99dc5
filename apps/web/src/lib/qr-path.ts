import QRCode from 'qrcode';

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One SVG path of unit squares: row runs of dark modules merged into single rectangles. */
  d: string;
}

/**
 * The QR code of a text as one SVG path, so React renders it as plain elements (no innerHTML, no
 * data: image for the page's CSP to weigh). Error correction M keeps the code small for an address.
 */
export function qrPath(text: string, margin = 2): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x++;
      parts.push(`M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size, d: parts.join('') };
}
