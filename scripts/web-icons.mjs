/**
 * Writes the web app's PNG icons (web/public/icons) from the flame of favicon.svg, with sharp:
 * 192 and 512 px with rounded corners, and a 512 px maskable one whose flame sits inside the
 * centre 80 % safe zone on a full square. Run by hand after changing the icon; the PNGs are
 * committed.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'icons');
const flame = 'M16 6c3 5 8 7 8 13a8 8 0 0 1-16 0c0-3 2-5 3-6 0 3 2 4 3 4-1-4 0-8 2-11z';
const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;
const rounded = svg(`<rect width="32" height="32" rx="7" fill="#b45309"/><path d="${flame}" fill="#fff7ed"/>`);
// the flame scaled to 60 % around the centre: well inside the maskable safe zone
const maskable = svg(
  `<rect width="32" height="32" fill="#b45309"/><g transform="translate(16 16) scale(0.6) translate(-16 -16.5)"><path d="${flame}" fill="#fff7ed"/></g>`,
);

mkdirSync(out, { recursive: true });
for (const [name, svg, size] of [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(join(out, name));
  console.log(`wrote ${name}`);
}
