import { DomainError } from '../shared/domain-error.js';

export const notSignedIn = (): DomainError =>
  new DomainError('unauthenticated', 'NOT_SIGNED_IN', 'Please sign in to continue.');

export const staffOnly = (): DomainError =>
  new DomainError('forbidden', 'STAFF_ONLY', 'Only Voltmarket staff can do this.');

export const adminOnly = (): DomainError =>
  new DomainError('forbidden', 'ADMIN_ONLY', 'Only an administrator can do this.');

export const userNotFound = (id: string): DomainError =>
  new DomainError('not_found', 'USER_NOT_FOUND', `User ${id} was not found.`);
