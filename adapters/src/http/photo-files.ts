import { pipeline } from 'node:stream/promises';
import express, { type RequestHandler } from 'express';
import { FolderPhotoObjects, PHOTO_CACHE_CONTROL, PHOTO_KEY, type PhotoObjects } from '../storage/photo-objects.js';
import { sendError } from './errors.js';

/**
 * `/uploads/<key>`: the stored photos, kept a year by browsers (they never change). From the folder
 * (sendfile), from the bucket through the API, or, with PUBLIC_MEDIA_URL, a permanent redirect to
 * the same key there (a public bucket or a CDN, which serves the headers each object was written with).
 */
export function photoFiles(objects: PhotoObjects, publicMediaUrl: string | null): RequestHandler {
  if (publicMediaUrl !== null) {
    return (req, res) => {
      const key = keyOf(req.path);
      if (key === null) return notFound(req, res);
      res.setHeader('Cache-Control', PHOTO_CACHE_CONTROL);
      res.redirect(301, `${publicMediaUrl}/${key}`);
    };
  }
  if (objects instanceof FolderPhotoObjects) {
    return express.static(objects.dir, { immutable: true, maxAge: '365d', index: false, fallthrough: false, redirect: false });
  }
  return (req, res, next) => {
    const key = keyOf(req.path);
    if (key === null) return notFound(req, res);
    const ifNoneMatch = req.get('If-None-Match') ?? undefined;
    objects.open(key, ifNoneMatch).then(async (photo) => {
      if (photo === null) return notFound(req, res);
      res.setHeader('Cache-Control', PHOTO_CACHE_CONTROL);
      if (photo === 'not-modified') {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', photo.contentType);
      if (photo.length !== undefined) res.setHeader('Content-Length', String(photo.length));
      if (photo.etag) res.setHeader('ETag', photo.etag);
      if (photo.lastModified) res.setHeader('Last-Modified', photo.lastModified.toUTCString());
      if (req.method === 'HEAD') {
        photo.body.destroy();
        res.end();
        return;
      }
      await pipeline(photo.body, res);
    }).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      next(err);
    });
  };
}

function keyOf(requestPath: string): string | null {
  const key = requestPath.replace(/^\//, () => '');
  return PHOTO_KEY.test(key) ? key : null;
}

function notFound(req: express.Request, res: express.Response): void {
  sendError(res, 404, 'NOT_FOUND', `There is nothing at ${req.method} ${req.originalUrl.split('?')[0]}.`);
}
