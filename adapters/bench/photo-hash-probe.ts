import { VEHICLE_TYPES, hammingDistance } from '@voltmarket/domain';
import { renderVehicleArtwork } from '../src/storage/vehicle-artwork.js';
import { photoHash } from '../src/storage/photo-hash.js';

const cars = Number(process.argv[2] ?? 120);
const hashes: { car: number; hash: bigint }[] = [];
for (let car = 0; car < cars; car++) for (let scene = 0; scene < 3; scene++) {
  const type = VEHICLE_TYPES[car % VEHICLE_TYPES.length]!;
  hashes.push({ car, hash: await photoHash(await renderVehicleArtwork(type, (car % 6) * 57 + 10, scene, car)) });
}
const across = new Map<number, number>();
const within = new Map<number, number>();
for (let a = 0; a < hashes.length; a++) for (let b = a + 1; b < hashes.length; b++) {
  const d = hammingDistance(hashes[a]!.hash, hashes[b]!.hash);
  const m = hashes[a]!.car === hashes[b]!.car ? within : across;
  m.set(d, (m.get(d) ?? 0) + 1);
}
console.log('across cars', [...across.entries()].sort((x, y) => x[0] - y[0]).slice(0, 8));
console.log('within a car', [...within.entries()].sort((x, y) => x[0] - y[0]));
