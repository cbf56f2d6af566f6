import type { MikroORM } from '@mikro-orm/postgresql';
import type { AdminContactQuery, ContactMessageStore, NewContactMessage, StoredContactMessage } from '@voltmarket/application';
import type { ContactStatus, ContactTopic } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface ContactRow {
  id: string;
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  listing_id: number | null;
  user_id: string | null;
  created_at: Date | string;
  handled_at: Date | string | null;
  handled_by: string | null;
  handled_by_email: string | null;
  note: string | null;
}

const SELECT = `select m.id::text, m.name, m.email, m.topic, m.message, m.listing_id, m.user_id, m.created_at,
  m.handled_at, m.handled_by, u.email as handled_by_email, m.note
  from contact_messages m left join users u on u.id = m.handled_by`;

const toStored = (r: ContactRow): StoredContactMessage => ({
  id: Number(r.id),
  name: r.name,
  email: r.email,
  topic: r.topic,
  message: r.message,
  listingId: r.listing_id,
  userId: r.user_id,
  createdAt: new Date(r.created_at),
  status: (r.handled_at ? 'handled' : 'open') satisfies ContactStatus,
  handledAt: r.handled_at === null ? null : new Date(r.handled_at),
  handledBy: r.handled_by,
  handledByEmail: r.handled_by_email,
  note: r.note,
});

/** Contact Us messages in Postgres (`contact_messages`), read and written with SQL in the request's transaction. */
export class PostgresContactMessageStore implements ContactMessageStore {
  constructor(private readonly orm: MikroORM) {}

  async add(m: NewContactMessage): Promise<number> {
    const [row] = await sqlRows<{ id: string }>(this.orm,
      `insert into contact_messages (name, email, topic, message, listing_id, user_id, created_at)
       values (?, ?, ?, ?, ?, ?, ?) returning id::text`,
      [m.name, m.email, m.topic, m.message, m.listingId, m.userId, m.createdAt]);
    return Number(row!.id);
  }

  async find(id: number): Promise<StoredContactMessage | null> {
    const [row] = await sqlRows<ContactRow>(this.orm, `${SELECT} where m.id = ?`, [id]);
    return row ? toStored(row) : null;
  }

  async findForUpdate(id: number): Promise<StoredContactMessage | null> {
    const [row] = await sqlRows<ContactRow>(this.orm, `${SELECT} where m.id = ? for update of m`, [id]);
    return row ? toStored(row) : null;
  }

  async markHandled(id: number, handled: { by: string; at: Date; note: string | null }): Promise<void> {
    await sqlRows(this.orm, `update contact_messages set handled_at = ?, handled_by = ?, note = ? where id = ? and handled_at is null`,
      [handled.at, handled.by, handled.note, id]);
  }

  async adminList(query: AdminContactQuery): Promise<{ items: StoredContactMessage[]; total: number }> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (query.ids) {
      where.push(`m.id in (select value::bigint from jsonb_array_elements_text(?::jsonb))`);
      params.push(JSON.stringify(query.ids));
    }
    if (query.status) where.push(query.status === 'open' ? 'm.handled_at is null' : 'm.handled_at is not null');
    if (query.topic) {
      where.push('m.topic = ?');
      params.push(query.topic);
    }
    if (query.q) {
      // Words as text, never as a pattern: position() has no wildcards to escape.
      where.push(`position(lower(?) in lower(m.name || ' ' || m.email || ' ' || m.message)) > 0`);
      params.push(query.q);
    }
    const [rows, [count]] = await Promise.all([
      sqlRows<ContactRow>(this.orm,
        `${SELECT} where ${where.join(' and ')} order by (m.handled_at is null) desc, m.created_at desc, m.id desc offset ? limit ?`,
        [...params, query.offset, query.limit]),
      sqlRows<{ n: number }>(this.orm, `select count(*)::int as n from contact_messages m where ${where.join(' and ')}`, params),
    ]);
    return { items: rows.map(toStored), total: count?.n ?? 0 };
  }
}
