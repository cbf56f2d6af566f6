import type { MikroORM } from '@mikro-orm/postgresql';
import { Notification, type NotificationDraft, type NotificationRepository, type NotificationType } from '@voltmarket/domain';
import { IN_LIST, sqlRows } from './sql.js';

interface NotificationRow {
  id: string; user_id: string; type: NotificationType; title: string; message: string; is_read: boolean; action_url: string | null;
  metadata: Notification['metadata']; count: number; created_at: Date; updated_at: Date;
}

const toNotification = (row: NotificationRow): Notification => Object.assign(new Notification(), {
  id: Number(row.id), userId: row.user_id, type: row.type, title: row.title, message: row.message, isRead: row.is_read,
  actionUrl: row.action_url, metadata: row.metadata, count: row.count, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at),
});

/** Notifications in Postgres; a chat's unread one is found and updated by the partial unique index on (user, conversation). */
export class PostgresNotificationRepository implements NotificationRepository {
  constructor(private readonly orm: MikroORM) {}

  private sql(query: string, params: readonly unknown[]): Promise<NotificationRow[]> {
    return sqlRows<NotificationRow>(this.orm, query, params);
  }

  async add(d: NotificationDraft, now: Date): Promise<Notification> {
    const [row] = await this.sql(
      `insert into notifications (user_id, type, title, message, action_url, metadata, conversation_id, count, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, 1, ?, ?)
       on conflict (user_id, conversation_id) where not is_read and conversation_id is not null
       do update set type = excluded.type, title = excluded.title, message = excluded.message, action_url = excluded.action_url,
                     metadata = excluded.metadata, count = notifications.count + 1, updated_at = excluded.updated_at
       returning *`,
      [d.userId, d.type, d.title, d.message, d.actionUrl, JSON.stringify(d.metadata), d.metadata.conversationId ?? null, now, now],
    );
    return toNotification(row!);
  }

  async addMany(drafts: readonly NotificationDraft[], now: Date): Promise<Notification[]> {
    if (drafts.length === 0) return [];
    if (drafts.some((d) => d.metadata.conversationId)) throw new Error('a chat notification is added one at a time (it folds into the unread one)');
    const rows = drafts.map((d) => ({ user_id: d.userId, type: d.type, title: d.title, message: d.message, action_url: d.actionUrl, metadata: d.metadata }));
    return (await this.sql(
      `insert into notifications (user_id, type, title, message, action_url, metadata, count, created_at, updated_at)
       select user_id, type, title, message, action_url, metadata, 1, ?, ?
       from jsonb_to_recordset(?::jsonb) as d(user_id text, type text, title text, message text, action_url text, metadata jsonb)
       returning *`,
      [now, now, JSON.stringify(rows)],
    )).map(toNotification);
  }

  async countUnreadFor(userIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return counts;
    const rows = await sqlRows<{ user_id: string; n: number }>(this.orm,
      `select user_id, count(*)::int as n from notifications where user_id in ${IN_LIST} and not is_read group by user_id`, [JSON.stringify(userIds)]);
    for (const row of rows) counts.set(row.user_id, row.n);
    return counts;
  }

  async listFor(userId: string, limit: number): Promise<Notification[]> {
    return (await this.sql(`select * from notifications where user_id = ? order by updated_at desc, id desc limit ?`, [userId, limit])).map(toNotification);
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(this.orm, `select count(*)::int as n from notifications where user_id = ? and not is_read`, [userId]);
    return row?.n ?? 0;
  }

  async markRead(userId: string, id: number, _now: Date): Promise<Notification | null> {
    const [row] = await this.sql(`update notifications set is_read = true where id = ? and user_id = ? returning *`, [id, userId]);
    return row ? toNotification(row) : null;
  }

  async markAllRead(userId: string, _now: Date): Promise<number> {
    return (await this.sql(`update notifications set is_read = true where user_id = ? and not is_read returning id`, [userId])).length;
  }

  async markConversationRead(userId: string, conversationId: string, _now: Date): Promise<Notification | null> {
    const [row] = await this.sql(
      `update notifications set is_read = true where user_id = ? and conversation_id = ? and not is_read returning *`, [userId, conversationId]);
    return row ? toNotification(row) : null;
  }
}
