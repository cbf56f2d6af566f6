import type { MikroORM } from '@mikro-orm/postgresql';
import { PostgresReviewStore } from '../review-store.js';
import { sqlRows } from '../sql.js';

const DAY = 86_400_000;

/**
 * Reviews only where the demo has a dealing that allows one: each completed rental, reviewed by both
 * sides within its 14 days (so both are published). No listing or seller gets a review without one.
 */
export async function seedDemoReviews(orm: MikroORM): Promise<number> {
  const store = new PostgresReviewStore(orm);
  const done = await sqlRows<{ id: string; vehicle_id: number; vehicle_title: string; renter_id: string; owner_id: string; updated_at: Date }>(orm,
    `select id, vehicle_id, vehicle_title, renter_id, owner_id, updated_at from rentals where status = 'completed' order by id`);
  for (const rental of done) {
    const completed = new Date(rental.updated_at).getTime();
    const common = { kind: 'rental' as const, bookingId: Number(rental.id), vehicleId: rental.vehicle_id, vehicleTitle: rental.vehicle_title, publishedAt: null };
    await store.add({
      ...common, reviewerId: rental.renter_id, revieweeId: rental.owner_id, revieweeRole: 'owner', rating: 5,
      title: 'Spotless car and an easy handover',
      comment: 'The car was charged to 90% and cleaner than my own. The handover took ten minutes, and the owner answered every message the same hour.',
      createdAt: new Date(completed + DAY),
    });
    await store.add({
      ...common, reviewerId: rental.owner_id, revieweeId: rental.renter_id, revieweeRole: 'renter', rating: 5,
      title: 'A renter we would welcome back',
      comment: 'Returned on time with the battery above half, as agreed. Careful driver and easy to reach.',
      createdAt: new Date(completed + 2 * DAY),
    });
    await store.publishBooking(Number(rental.id), new Date(completed + 2 * DAY));
  }
  return done.length * 2;
}
