import type { MikroORM } from '@mikro-orm/postgresql';
import type { WishlistItemView, WishlistReads } from '@voltmarket/application';
import type { WishlistEntry, WishlistRepository } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface EntryRow { id: string; user_id: string; vehicle_id: number; title: string; created_at: Date }
interface ItemRow {
  id: string; created_at: Date; vehicle_id: number; title: string; location: string | null; price: number | null; image_url: string | null; available: boolean;
}

const toEntry = (r: EntryRow): WishlistEntry => ({ id: Number(r.id), userId: r.user_id, vehicleId: r.vehicle_id, title: r.title, createdAt: new Date(r.created_at) });

const toItem = (r: ItemRow): WishlistItemView => ({
  id: Number(r.id),
  createdAt: new Date(r.created_at).toISOString(),
  vehicle: { id: r.vehicle_id, title: r.title, location: r.location, price: r.price, imageUrl: r.image_url, available: r.available },
});

const ITEMS = `
  select w.id, w.created_at, w.vehicle_id, coalesce(l.title, w.title) as title, l.location, l.price, l.image_urls ->> 0 as image_url,
         coalesce(l.status = 'active', false) as available
  from wishlist w left join listings l on l.id = w.vehicle_id`;

export class PostgresWishlist implements WishlistRepository, WishlistReads {
  constructor(private readonly orm: MikroORM) {}

  async add(entry: Omit<WishlistEntry, 'id'>): Promise<{ entry: WishlistEntry; added: boolean }> {
    const [added] = await sqlRows<EntryRow>(this.orm,
      `insert into wishlist (user_id, vehicle_id, title, created_at) values (?, ?, ?, ?) on conflict (user_id, vehicle_id) do nothing returning *`,
      [entry.userId, entry.vehicleId, entry.title, entry.createdAt],
    );
    if (added) return { entry: toEntry(added), added: true };
    const [saved] = await sqlRows<EntryRow>(this.orm, `select * from wishlist where user_id = ? and vehicle_id = ?`, [entry.userId, entry.vehicleId]);
    return { entry: toEntry(saved!), added: false };
  }

  async remove(userId: string, vehicleId: number): Promise<boolean> {
    return (await sqlRows(this.orm, `delete from wishlist where user_id = ? and vehicle_id = ? returning id`, [userId, vehicleId])).length > 0;
  }

  async listFor(userId: string, limit: number): Promise<WishlistItemView[]> {
    return (await sqlRows<ItemRow>(this.orm, `${ITEMS} where w.user_id = ? order by w.created_at desc, w.id desc limit ?`, [userId, limit])).map(toItem);
  }

  async item(userId: string, vehicleId: number): Promise<WishlistItemView | null> {
    const [row] = await sqlRows<ItemRow>(this.orm, `${ITEMS} where w.user_id = ? and w.vehicle_id = ?`, [userId, vehicleId]);
    return row ? toItem(row) : null;
  }
}
