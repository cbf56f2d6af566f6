import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export interface ContentSecurityOptions {
  /** The Firebase web app's auth domain: Google sign-in's popup talks to a frame of it. */
  firebaseAuthDomain: string;
  /** The Auth emulator (`127.0.0.1:9099`) when identity runs on it; the browser talks to it directly. */
  authEmulatorHost: string | null;
  /** PUBLIC_MEDIA_URL's origin when photos are fetched from a public bucket or CDN (they are images of the pages). */
  mediaOrigin?: string | null;
  /** Inline scripts the pages carry, allowed by hash alone (the storefront has none today: its first view's data is a JSON block, which runs nothing). */
  inlineScripts: readonly string[];
}

/** The inline scripts of an HTML page, as a Content-Security-Policy hash source reads them (the text between the tags). */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/**
 * The pages' Content-Security-Policy: scripts only from this origin (and the one inline script by its
 * hash), Google's sign-in script and frames for real Firebase, the Auth emulator in development, no
 * plugins, no framing by other sites, forms posting only here. Styles may be inline: React sets style
 * attributes and the backoffice's MUI writes its own <style> elements; no script can ride on them.
 */
export function contentSecurityPolicy(o: ContentSecurityOptions): string {
  const emulator = o.authEmulatorHost ? [`http://${o.authEmulatorHost}`] : [];
  const hashes = o.inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
  const google = ['https://apis.google.com', 'https://www.gstatic.com'];
  const firebaseApis = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...google]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', ...(o.mediaOrigin ? [o.mediaOrigin] : [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...firebaseApis, ...emulator]],
    ['frame-src', [`https://${o.firebaseAuthDomain}`, 'https://accounts.google.com', ...emulator]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Headers for every answer: the policy above, no MIME sniffing, no referrer beyond this origin's own
 * pages but the origin, no framing by other sites, and no access to the camera, microphone or
 * location, which nothing here uses.
 */
export function securityHeaders(policy: string) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    next();
  };
}
