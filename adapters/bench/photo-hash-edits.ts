import sharp from 'sharp';
import { hammingDistance } from '@voltmarket/domain';
import { renderVehicleArtwork } from '../src/storage/vehicle-artwork.js';
import { photoHash } from '../src/storage/photo-hash.js';

/** What a scammer does to a photo they took from another listing. */
export const PHOTO_EDITS: Record<string, (png: Buffer) => Promise<Buffer>> = {
  'JPEG at quality 50': (p) => sharp(p).jpeg({ quality: 50 }).toBuffer(),
  'half size': async (p) => sharp(p).resize({ width: Math.round(((await sharp(p).metadata()).width ?? 1200) / 2) }).toBuffer(),
  'WebP as stored': (p) => sharp(p).resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  'brighter by 15%': (p) => sharp(p).modulate({ brightness: 1.15 }).toBuffer(),
  'darker by 15%': (p) => sharp(p).modulate({ brightness: 0.85 }).toBuffer(),
  'more saturated': (p) => sharp(p).modulate({ saturation: 1.4 }).toBuffer(),
  'cropped 3% each side': async (p) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    const [dx, dy] = [Math.round(width * 0.03), Math.round(height * 0.03)];
    return sharp(p).extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy }).toBuffer();
  },
  'phone number written on it': async (p) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    const text = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${width * 0.05}" y="${height * 0.95}" font-size="${Math.round(height / 14)}" font-family="sans-serif" fill="#fff" stroke="#000" stroke-width="2">Call 0803 555 0101</text></svg>`);
    return sharp(p).composite([{ input: text }]).toBuffer();
  },
  'blurred': (p) => sharp(p).blur(2).toBuffer(),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  const sources: Buffer[] = [];
  for (let car = 0; car < 10; car++) sources.push(await renderVehicleArtwork('car', car * 37, car % 3, car));
  for (const f of files) sources.push(await sharp(f).png().toBuffer());
  for (const [name, edit] of Object.entries(PHOTO_EDITS)) {
    const ds = [];
    for (const s of sources) ds.push(hammingDistance(await photoHash(s), await photoHash(await edit(s))));
    console.log(name.padEnd(28), 'max', Math.max(...ds), ds.join(' '));
  }
}
