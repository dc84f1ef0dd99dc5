/**
 * Renders the PWA and home-screen icons from public/favicon.svg into public/icons/.
 * Run once after the logo changes (`node apps/web/scripts/generate-pwa-icons.mjs`) and commit the
 * PNGs: the build does not need sharp, and the icons stay byte-identical between builds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const outDir = path.join(publicDir, 'icons');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
const BACKGROUND = '#0a0b0f';

/** The logo as drawn: rounded corners, transparent outside them ("any" purpose icons). */
const plain = (size) =>
  sharp(svg, { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png();

/**
 * The logo on a full square. Launchers that mask icons (Android's maskable, iOS's home screen)
 * would otherwise show the transparent corners as black or white; `scale` keeps the mark inside
 * the maskable safe zone (the central circle of 80% of the width).
 */
async function onSquare(size, scale) {
  const inner = Math.round(size * scale);
  const mark = await plain(inner).toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: mark, gravity: 'center' }])
    .png();
}

fs.mkdirSync(outDir, { recursive: true });
const icons = {
  'icon-192.png': plain(192),
  'icon-512.png': plain(512),
  'icon-maskable-512.png': await onSquare(512, 0.8),
  'apple-touch-icon-180.png': await onSquare(180, 1),
};
for (const [name, image] of Object.entries(icons)) {
  await image.toFile(path.join(outDir, name));
  console.log(`wrote public/icons/${name}`);
}
