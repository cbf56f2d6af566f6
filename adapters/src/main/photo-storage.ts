import path from 'node:path';
import type { AppConfig } from './config.js';
import { FolderPhotoObjects, type PhotoObjects } from '../storage/photo-objects.js';
import { S3PhotoObjects } from '../storage/s3-photo-objects.js';

export type { PhotoObjects } from '../storage/photo-objects.js';

/** The configured store for photo files: the S3-compatible bucket when S3_ENDPOINT is set, else `<dataDir>/uploads`. */
export function photoObjectsFor(config: Pick<AppConfig, 'dataDir' | 'objectStore'>): PhotoObjects {
  return config.objectStore ? new S3PhotoObjects(config.objectStore) : new FolderPhotoObjects(path.join(config.dataDir, 'uploads'));
}
