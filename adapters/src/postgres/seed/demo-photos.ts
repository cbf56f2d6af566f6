import type { ImageStore } from '@voltmarket/application';
import type { VehicleType } from '@voltmarket/domain';
import { renderVehicleArtwork } from '../../storage/vehicle-artwork.js';
import type { PostgresPhotoHashes } from '../photo-hash-store.js';
import type { PostgresUploadLedger } from '../upload-ledger.js';

/** The rental samples' cars are numbered from here, after every listing's. */
export const DEMO_RENTAL_CARS_FROM = 1000;

/** The photos (one per sky) of demo car `car`, in its paint. */
export const demoCarArtwork = (car: number, type: VehicleType, hue = (car % 6) * 57 + 10, scenes = 3): Promise<Buffer>[] =>
  Array.from({ length: scenes }, (_, scene) => renderVehicleArtwork(type, hue, scene, car));

/**
 * Stores a demo car's photos as an upload would: in the ledger (or the cleanup would take them for
 * strays) and with their difference hashes. Returns their URLs.
 */
export function demoPhotos(images: ImageStore, ledger: PostgresUploadLedger, hashes: PostgresPhotoHashes) {
  return async (uploaderId: string, at: Date, artwork: Promise<Buffer>[]): Promise<string[]> => {
    const pngs = await Promise.all(artwork);
    const stored = await Promise.all(pngs.map(async (png) => ({ png, url: (await images.store(png)).url })));
    const urls: string[] = [];
    for (const { png, url } of stored) {
      await ledger.record({ url, uploaderId, networkKey: '', guest: false, bytes: png.length, at });
      const hash = await images.photoHash(url);
      if (hash !== null) await hashes.record({ url, uploaderId, hash, at });
      urls.push(url);
    }
    return urls;
  };
}

