import { Router } from 'express';

/**
 * Every API route module builds its router here. Routing is case-exact: "/api/UPLOAD/image" must
 * not be a second way into "/api/upload/image" that the guards keyed on the path do not see.
 */
export const apiRouter = (): Router => Router({ caseSensitive: true, strict: false });
