// Draws the install icons from the app's artwork (src/client/public/favicon.svg) into
// src/client/public/icons/. Run once after the artwork changes (`node scripts/build-icons.mjs`);
// the PNGs are committed, so builds do not depend on the machine's SVG renderer and fonts.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = 'src/client/public';
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
// The default theme's background (THEMES in src/shared/constants.ts), as in manifest.webmanifest.
const background = '#f7f9fc';
const outDir = path.join(publicDir, 'icons');
fs.mkdirSync(outDir, { recursive: true });

/** The artwork at `scale` of the square, centred on `fill` (transparent when undefined). */
async function icon(size, scale, fill, file) {
  const art = await sharp(svg, { density: 72 * Math.ceil((size * scale) / 64) })
    .resize(Math.round(size * scale), Math.round(size * scale))
    .png()
    .toBuffer();
  await sharp({
    create: { width: size, height: size, channels: 4, background: fill ?? { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, file));
}

for (const size of [192, 512]) {
  await icon(size, 0.9, undefined, `icon-${size}.png`);
  // Maskable: full-bleed background, the artwork inside the safe zone (the centre circle of 80%; its corners reach 73%).
  await icon(size, 0.72, background, `maskable-${size}.png`);
}
// iOS ignores the manifest's icons and rounds the corners itself: an opaque square.
await icon(180, 0.8, background, 'apple-touch-icon.png');
