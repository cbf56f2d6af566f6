import { DomainError } from '../shared/domain-error.js';
import type { ListingStatus } from './listing-status.js';

export const listingNotFound = (id: number | string): DomainError =>
  new DomainError('not_found', 'LISTING_NOT_FOUND', `Listing ${id} was not found.`);

export const notListingOwner = (): DomainError =>
  new DomainError('forbidden', 'NOT_LISTING_OWNER', 'Only the seller of this listing can change it.');

export const illegalListingTransition = (from: ListingStatus, action: string): DomainError =>
  new DomainError(
    'conflict',
    'LISTING_ILLEGAL_TRANSITION',
    `This ${from} listing cannot be ${action}.`,
  );
