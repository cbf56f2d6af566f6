import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlRows } from '../sql.js';

const HOUR = 3_600_000;

/**
 * Work for the backoffice's trust-and-safety screens on a first start: one seller's change to a live
 * listing waiting for review (a new description and a price cut beyond a fifth), and one buyer's
 * report of a listing, as real members would leave them. Nothing else is invented.
 */
export async function seedDemoSafety(orm: MikroORM, now: Date): Promise<void> {
  const [ada] = await sqlRows<{ id: number; description: string; price: number }>(orm,
    `select id, description, price from listings where seller_id = 'demo-seller-ada' and status = 'active' order by id limit 1`);
  if (ada) {
    const price = Math.round((ada.price * 0.7) / 100_000) * 100_000;
    const description = `${ada.description}\n\nPrice reduced for a quick sale: I am relocating to Abuja at the end of the month.`;
    await sqlRows(orm,
      `insert into listing_changes (listing_id, seller_id, status, changes, before, submitted_at, updated_at)
       values (?, 'demo-seller-ada', 'pending', ?::jsonb, ?::jsonb, ?, ?)`,
      [ada.id, JSON.stringify({ description, price }), JSON.stringify({ description: ada.description, price: ada.price }), new Date(now.getTime() - 3 * HOUR), new Date(now.getTime() - 3 * HOUR)]);
  }
  const [other] = await sqlRows<{ id: number; seller_id: string }>(orm,
    `select id, seller_id from listings where status = 'active' and seller_id not in ('demo-seller-ada', 'demo-seller-emeka') order by id limit 1`);
  if (other) {
    await sqlRows(orm,
      `insert into reports (reporter_id, target_kind, target_id, target_user_id, reason, note, created_at)
       values ('demo-buyer-tunde', 'listing', ?, ?, 'already_sold', ?, ?)`,
      [String(other.id), other.seller_id, 'I called the seller this morning and he said the car was sold last week, but the listing is still up.', new Date(now.getTime() - 5 * HOUR)]);
  }
}
