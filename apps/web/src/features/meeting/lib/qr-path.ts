export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One SVG path: each row's runs of dark modules as single rectangles. */
  d: string;
}

/**
 * The QR code of a text as one SVG path, drawn as plain elements (no innerHTML, no data: image).
 * Error correction M: a phone held at arm's length in daylight still reads it at a glance. The
 * `qrcode` library loads with the first code drawn, not with the screen.
 */
export async function qrPath(text: string, margin = 2): Promise<QrPath> {
  const { default: QRCode } = await import('qrcode');
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
