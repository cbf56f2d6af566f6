import sharp from 'sharp';
import type { VehicleType } from '@voltmarket/domain';

/**
 * Draws a simple vehicle picture locally (no downloads) for demo and benchmark listings: a silhouette
 * of the vehicle type in the listing's paint colour, in front of a street, under one of three skies.
 * `car` decides the street (buildings, trees, clouds), where the vehicle stands, its size and which way it
 * faces: the same car in every scene, and different cars different enough that the reused-photo
 * check (a difference hash, which sees shapes in grey, not colours) never takes one for another.
 */
export async function renderVehicleArtwork(type: VehicleType, paintHue: number, scene: number, car = 0): Promise<Buffer> {
  const skies = [
    ['#bfe3ff', '#eef7ff', '#9bbf7a'],
    ['#ffb37a', '#ffe1b8', '#8a9a6a'],
    ['#1d2b4a', '#3b4f7a', '#3d4a3a'],
  ] as const;
  const [top, bottom, ground] = skies[scene % skies.length] ?? skies[0];
  const paint = `hsl(${paintHue % 360}, 70%, ${scene === 2 ? 60 : 45}%)`;
  const street = streetOf(car, scene === 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  ${scene === 2 ? `<circle cx="${street.sunX}" cy="140" r="50" fill="#f4f1c9"/>` : `<circle cx="${street.sunX}" cy="130" r="60" fill="#fff3b0" opacity="0.9"/>`}
  ${street.behind}
  <rect y="560" width="1200" height="240" fill="${ground}"/>
  <rect y="600" width="1200" height="40" fill="#555" opacity="0.5"/>
  <g transform="${street.stance}">${SHAPES[type](paint)}</g>
  <path d="M1080 700 l30 -60 h-22 l14 -40 l-40 60 h22 z" fill="#2ecc71" opacity="0.85"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The street behind one car and how the car stands in it, drawn from the car's number. */
function streetOf(car: number, night: boolean): { behind: string; stance: string; sunX: number } {
  const next = numbersFrom(car);
  const shapes: string[] = [];
  for (let x = -40 + Math.floor(next() * 120); x < 1200;) {
    const width = 90 + Math.floor(next() * 200);
    const height = 60 + Math.floor(next() * 380);
    const light = night ? 12 + Math.floor(next() * 30) : 25 + Math.floor(next() * 60);
    if (next() < 0.8) shapes.push(`<rect x="${x}" y="${560 - height}" width="${width}" height="${height}" fill="hsl(${Math.floor(next() * 360)}, 15%, ${light}%)"/>`);
    else shapes.push(`<circle cx="${x + width / 2}" cy="${560 - height / 2}" r="${Math.min(width, height) / 2 + 20}" fill="hsl(120, 40%, ${night ? 15 : 28}%)"/>`);
    x += width + Math.floor(next() * 60);
  }
  for (let clouds = 2 + Math.floor(next() * 3); clouds > 0; clouds--) {
    const [cx, cy] = [Math.floor(next() * 1200), 60 + Math.floor(next() * 260)];
    shapes.unshift(`<ellipse cx="${cx}" cy="${cy}" rx="${90 + Math.floor(next() * 160)}" ry="${30 + Math.floor(next() * 50)}" fill="${night ? '#5a6a8a' : '#ffffff'}" opacity="0.9"/>`);
  }
  const scale = 0.75 + next() * 0.45;
  const shift = Math.round((next() - 0.5) * 400);
  // Scaled about the wheels' line (y 570), so the vehicle stays on the road.
  const stance = next() < 0.5
    ? `translate(${600 + shift} 570) scale(${scale.toFixed(3)}) translate(-600 -570)`
    : `translate(${600 + shift} 570) scale(${(-scale).toFixed(3)} ${scale.toFixed(3)}) translate(-600 -570)`;
  return { behind: shapes.join(''), stance, sunX: 100 + Math.floor(next() * 1000) };
}

/** Deterministic numbers in [0, 1) from a seed (mulberry32), so a car looks the same on every start. */
function numbersFrom(seed: number): () => number {
  let a = (seed * 2_654_435_761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const wheel = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1b1b1b"/><circle cx="${cx}" cy="${cy}" r="${r * 0.45}" fill="#c9c9c9"/>`;

const SHAPES: Record<VehicleType, (paint: string) => string> = {
  car: (paint) => `
    <path d="M230 560 q0 -70 60 -80 l120 -20 q70 -90 180 -95 h140 q90 5 150 95 l90 20 q50 12 50 80 z" fill="${paint}"/>
    <path d="M440 455 q60 -70 150 -72 h60 v72 z M680 455 v-72 h40 q70 4 110 72 z" fill="#d6ecff" opacity="0.9"/>
    ${wheel(380, 570, 58)}${wheel(830, 570, 58)}`,
  truck: (paint) => `
    <rect x="200" y="330" width="520" height="220" rx="12" fill="#e9e9e9"/>
    <path d="M730 550 v-200 h140 q60 0 90 70 l40 40 v90 z" fill="${paint}"/>
    <path d="M790 370 h70 q35 0 55 55 h-125 z" fill="#d6ecff"/>
    ${wheel(320, 570, 55)}${wheel(470, 570, 55)}${wheel(880, 570, 55)}`,
  bus: (paint) => `
    <rect x="160" y="300" width="880" height="260" rx="30" fill="${paint}"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${200 + i * 135}" y="330" width="110" height="90" rx="8" fill="#d6ecff"/>`).join('')}
    <rect x="160" y="470" width="880" height="14" fill="#ffffff" opacity="0.6"/>
    ${wheel(330, 570, 55)}${wheel(870, 570, 55)}`,
  motorcycle: (paint) => `
    ${wheel(400, 540, 90)}${wheel(820, 540, 90)}
    <path d="M400 540 l140 -150 h170 l110 150 M540 390 l-40 -50 h-60 M710 390 l40 -60 h70" stroke="#333" stroke-width="18" fill="none"/>
    <path d="M520 400 q90 -80 200 -10 l-30 60 h-150 z" fill="${paint}"/>`,
  bike: (paint) => `
    ${wheel(420, 540, 85)}${wheel(800, 540, 85)}
    <path d="M420 540 l150 -160 h170 l60 160 M570 380 l60 160 h170 M560 350 h60 M740 380 l-20 -60 h50" stroke="${paint}" stroke-width="16" fill="none"/>
    <rect x="600" y="420" width="120" height="50" rx="10" fill="#333"/>`,
};
