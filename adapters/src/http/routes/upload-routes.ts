import type { NextFunction, Request, Response, Router } from 'express';
import type { Container } from 'inversify';
import multer from 'multer';
import { IMAGE_MAX_BYTES, UploadListingImage, imageTooLarge } from '@voltmarket/application';
import { notSignedIn, ValidationError } from '@voltmarket/domain';
import { apiRouter } from '../router.js';
import { visitorKey } from '../auth.js';
import { HttpError } from '../errors.js';
import { idempotent } from '../idempotency.js';
import { rateLimit } from '../rate-limit.js';
import { TOKENS } from '../../main/container.js';

/**
 * Listing photos. Multer keeps at most one file of 5 MB (+1 byte, so "too large" can be told apart)
 * in memory; the use case judges the content and the image store re-encodes it.
 */
export function uploadRoutes(c: Container): Router {
  const router = apiRouter();
  const upload = c.get(UploadListingImage);
  const perMinute = rateLimit(c.get(TOKENS.RateLimits), { name: 'uploads', limit: c.get(TOKENS.Config).uploadsPerMinute, windowMs: 60_000 });
  const fileNames = new WeakMap<Request, string>();
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 5, parts: 10 },
    fileFilter: (req, file, accept) => {
      fileNames.set(req, file.originalname);
      accept(null, true);
    },
  }).single('image');

  const signedIn = (req: Request, _res: Response, next: NextFunction) => (req.actor ? next() : next(notSignedIn()));
  const receive = (req: Request, res: Response, next: NextFunction) =>
    single(req, res, (err?: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
        return next(imageTooLarge(fileNames.get(req) ?? 'The file'));
      }
      if (err && !(err instanceof multer.MulterError)) {
        // busboy's own complaints: no boundary, a cut-off body, a bad part header.
        return next(new ValidationError([{ field: 'image', message: 'The upload is not a well-formed multipart form' }]));
      }
      next(err);
    });
  const store = async (req: Request, res: Response) => {
    const file = req.file;
    const stored = await upload.execute({ bytes: file?.buffer ?? null, fileName: file?.originalname ?? '', networkKey: visitorKey(req) }, req.actor);
    res.status(201).location(stored.url).json({
      imageUrl: stored.url,
      url: stored.url,
      thumbnailUrl: stored.thumbnailUrl,
      width: stored.width,
      height: stored.height,
    });
  };

  // Anonymous uploads are refused before any bytes are read.
  // A retried upload with its Idempotency-Key answers the first photo: its bytes are the request's body.
  const idempotency = c.get(TOKENS.Idempotency);
  router.post('/upload/image', signedIn, perMinute, receive, idempotent(idempotency, 'uploadImage'), store);
  router.post('/upload', signedIn, perMinute, receive, idempotent(idempotency, 'uploadImageAtUpload'), store);
  // These paths skip the contract's validator (multipart), so they answer other methods themselves.
  router.all(['/upload/image', '/upload'], (req, _res, next) => next(new HttpError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}.`, [], 'POST')));
  return router;
}
