import type { RequestHandler } from 'express';

/**
 * HEAD is GET without a body, for every GET route: the contract lists GET only, so HEAD is routed
 * and validated as GET. Node already knows from the request line not to send a body.
 */
export const headAsGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'HEAD') req.method = 'GET';
  next();
};

/**
 * Answers to a signed-in caller may hold that caller's data (their profile, their listings, a
 * seller's contact details, staff screens): no browser or proxy may keep them. Every API answer
 * varies with the caller, so a shared cache never hands one person's answer to another.
 */
export const privateToCaller: RequestHandler = (req, res, next) => {
  res.vary('Authorization');
  if (req.headers.authorization || req.path.startsWith('/admin/')) res.setHeader('Cache-Control', 'no-store');
  next();
};
