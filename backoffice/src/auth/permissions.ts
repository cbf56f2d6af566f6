import type { AdminCheck } from '../data/api-types';

export type StaffRole = 'admin' | 'support';

/** What the backoffice knows about the signed-in person's standing (react-admin's "permissions"). */
export interface StaffPermissions {
  /** null: signed in, but not staff (the server answered 403, or said isStaff false). */
  role: StaffRole | null;
}

export const toPermissions = (check: AdminCheck): StaffPermissions => ({
  role: check.isStaff && (check.role === 'admin' || check.role === 'support') ? check.role : null,
});

// What the admin API offers per resource, and which of it needs an administrator rather than support.
// Anything not listed (create, clone, deleting users, editing the audit log) is offered to nobody.
const ACTIONS: Record<string, Record<string, StaffRole[]>> = {
  vehicles: {
    list: ['admin', 'support'], show: ['admin', 'support'], edit: ['admin', 'support'], delete: ['admin'], 'car-of-the-week': ['admin', 'support'],
  },
  users: { list: ['admin', 'support'], show: ['admin', 'support'], export: ['admin', 'support'], edit: ['admin'], suspend: ['admin', 'support'] },
  // Both roles review sellers' changes to live listings and decide reports (support suspends for up to 7 days; the server checks).
  'listing-changes': { list: ['admin', 'support'], show: ['admin', 'support'], decide: ['admin', 'support'] },
  reports: { list: ['admin', 'support'], show: ['admin', 'support'], decide: ['admin', 'support'] },
  'audit-log': { list: ['admin', 'support'], show: ['admin', 'support'] },
  // Both roles follow the money; only an administrator gives it back.
  payments: { list: ['admin', 'support'], show: ['admin', 'support'], refund: ['admin'] },
  'advertising-packages': { list: ['admin', 'support'], show: ['admin', 'support'] },
  // Support moderates bookings and rental rates; only an administrator puts a new rental vehicle on the market.
  rentals: { list: ['admin', 'support'], show: ['admin', 'support'], 'change-status': ['admin', 'support'] },
  'rental-vehicles': { list: ['admin', 'support'], 'rental-settings': ['admin', 'support'], create: ['admin'] },
  // Both roles moderate reviews: hide one with a reason, or show it again.
  reviews: { list: ['admin', 'support'], show: ['admin', 'support'], moderate: ['admin', 'support'] },
  // Contact Us messages: both roles read them and mark them handled.
  'contact-messages': { list: ['admin', 'support'], show: ['admin', 'support'], handle: ['admin', 'support'] },
  // Both roles check dealer requests: verify one, or reject it with a reason the seller reads.
  'dealer-requests': { list: ['admin', 'support'], show: ['admin', 'support'], decide: ['admin', 'support'] },
};

export function staffMayDo(permissions: StaffPermissions | undefined, action: string, resource: string): boolean {
  const role = permissions?.role;
  if (!role) return false;
  return ACTIONS[resource]?.[action]?.includes(role) ?? false;
}
