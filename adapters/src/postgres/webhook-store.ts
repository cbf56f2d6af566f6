import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DueWebhookDelivery, StoredWebhookDelivery, StoredWebhookEndpoint, WebhookNotice, WebhookOutbox, WebhookQueue, WebhookStore } from '@voltmarket/application';
import type { WebhookEvent } from '@voltmarket/domain';
import { sqlRows } from './sql.js';
import { wakeAfterCommit } from './wake-after-commit.js';

/** The job queue that sends webhook deliveries (see adapters/src/main/server.ts). */
export const WEBHOOK_SEND_QUEUE = 'webhook-send';
/** How long a claimed delivery is held from other senders: longer than a send may take (10 s). */
export const WEBHOOK_CLAIM_MS = 60_000;

interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabled_at: Date | string | null;
  disabled_reason: string | null;
  failing_since: Date | string | null;
  created_at: Date | string;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event: WebhookEvent;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
  failed_at: Date | string | null;
}

const date = (d: Date | string | null): Date | null => (d === null ? null : new Date(d));
const ENDPOINT = 'id::text, user_id, url, events, enabled, disabled_at, disabled_reason, failing_since, created_at';
const DELIVERY = `id::text, endpoint_id::text, event_id, event, attempts, last_status_code, last_error, created_at, last_attempt_at,
  next_attempt_at, delivered_at, failed_at`;

const toEndpoint = (r: EndpointRow): StoredWebhookEndpoint => ({
  id: Number(r.id), userId: r.user_id, url: r.url, events: r.events, enabled: r.enabled, disabledAt: date(r.disabled_at),
  disabledReason: r.disabled_reason, failingSince: date(r.failing_since), createdAt: new Date(r.created_at),
});
const toDelivery = (r: DeliveryRow): StoredWebhookDelivery => ({
  id: Number(r.id), endpointId: Number(r.endpoint_id), eventId: r.event_id, event: r.event,
  status: r.delivered_at ? 'succeeded' : r.failed_at ? 'failed' : 'pending',
  attempts: r.attempts, lastStatusCode: r.last_status_code, lastError: r.last_error, createdAt: new Date(r.created_at),
  lastAttemptAt: date(r.last_attempt_at), nextAttemptAt: r.delivered_at || r.failed_at ? null : date(r.next_attempt_at), deliveredAt: date(r.delivered_at),
});

/**
 * Sellers' webhook endpoints and their deliveries in Postgres. Deliveries are the outbox: written in
 * the transaction of what they report (one per listening endpoint, with the event's body fixed
 * then), claimed by senders with SKIP LOCKED, and kept with their last answer.
 */
export class PostgresWebhooks implements WebhookStore, WebhookOutbox, WebhookQueue {
  constructor(private readonly orm: MikroORM, private readonly claimMs = WEBHOOK_CLAIM_MS) {}

  async addEndpoint(e: { userId: string; url: string; events: WebhookEvent[]; secret: string; createdAt: Date }): Promise<StoredWebhookEndpoint> {
    const [row] = await sqlRows<EndpointRow>(this.orm,
      `insert into webhook_endpoints (user_id, url, events, secret, created_at)
       values (?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?) returning ${ENDPOINT}`,
      [e.userId, e.url, JSON.stringify(e.events), e.secret, e.createdAt]);
    return toEndpoint(row!);
  }

  async endpointsOf(userId: string): Promise<StoredWebhookEndpoint[]> {
    return (await sqlRows<EndpointRow>(this.orm, `select ${ENDPOINT} from webhook_endpoints where user_id = ? order by id desc`, [userId])).map(toEndpoint);
  }

  async countEndpoints(userId: string): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(this.orm, `select count(*)::int as n from webhook_endpoints where user_id = ?`, [userId]);
    return row?.n ?? 0;
  }

  async endpoint(userId: string, id: number): Promise<StoredWebhookEndpoint | null> {
    const [row] = await sqlRows<EndpointRow>(this.orm, `select ${ENDPOINT} from webhook_endpoints where id = ? and user_id = ?`, [id, userId]);
    return row ? toEndpoint(row) : null;
  }

  async updateEndpoint(userId: string, id: number, changes: { url?: string; events?: WebhookEvent[]; enabled?: boolean }, at: Date): Promise<StoredWebhookEndpoint | null> {
    // Turned on again: a fresh start (no longer failing); turned off by hand: no reason of ours.
    const [row] = await sqlRows<EndpointRow>(this.orm,
      `update webhook_endpoints set
         url = coalesce(?, url),
         events = case when ?::jsonb is null then events else array(select jsonb_array_elements_text(?::jsonb)) end,
         enabled = coalesce(?, enabled),
         disabled_at = case when ?::boolean is null then disabled_at when ?::boolean then null else coalesce(disabled_at, ?) end,
         disabled_reason = case when ?::boolean is null then disabled_reason when ?::boolean then null else disabled_reason end,
         failing_since = case when ?::boolean then null else failing_since end
       where id = ? and user_id = ? returning ${ENDPOINT}`,
      [changes.url ?? null, changes.events ? JSON.stringify(changes.events) : null, changes.events ? JSON.stringify(changes.events) : null, changes.enabled ?? null,
        changes.enabled ?? null, changes.enabled ?? null, at, changes.enabled ?? null, changes.enabled ?? null, changes.enabled === true, id, userId]);
    return row ? toEndpoint(row) : null;
  }

  async removeEndpoint(userId: string, id: number): Promise<boolean> {
    return (await sqlRows(this.orm, `delete from webhook_endpoints where id = ? and user_id = ? returning id`, [id, userId])).length > 0;
  }

  async deliveriesOf(endpointId: number, page: { before: number | null; limit: number }): Promise<StoredWebhookDelivery[]> {
    return (await sqlRows<DeliveryRow>(this.orm,
      `select ${DELIVERY} from webhook_deliveries where endpoint_id = ? and (?::bigint is null or id < ?::bigint) order by id desc limit ?`,
      [endpointId, page.before, page.before, page.limit])).map(toDelivery);
  }

  async delivery(endpointId: number, id: number): Promise<StoredWebhookDelivery | null> {
    const [row] = await sqlRows<DeliveryRow>(this.orm, `select ${DELIVERY} from webhook_deliveries where endpoint_id = ? and id = ?`, [endpointId, id]);
    return row ? toDelivery(row) : null;
  }

  async enqueue(notices: WebhookNotice[], at: Date): Promise<void> {
    if (notices.length === 0) return;
    // One event id per notice, shared by every endpoint that hears it; its body is fixed now.
    const events = notices.map((n) => {
      const id = `evt_${randomUUID().replaceAll('-', '')}`;
      return { user_id: n.userId, event: n.event, event_id: id, payload: { id, type: n.event, createdAt: at.toISOString(), data: n.data } };
    });
    const rows = await sqlRows<{ id: string }>(this.orm,
      `insert into webhook_deliveries (endpoint_id, event_id, event, payload, created_at, next_attempt_at)
       select e.id, n.event_id, n.event, n.payload, ?, ?
       from jsonb_to_recordset(?::jsonb) as n(user_id text, event text, event_id text, payload jsonb)
       join webhook_endpoints e on e.user_id = n.user_id and e.enabled and n.event = any (e.events)
       returning id::text`,
      [at, at, JSON.stringify(events)]);
    if (rows.length > 0) await wakeAfterCommit(this.orm, WEBHOOK_SEND_QUEUE);
  }

  async ping(endpointId: number, at: Date): Promise<StoredWebhookDelivery> {
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    const payload = { id, type: 'ping', createdAt: at.toISOString(), data: { message: 'A test event from Voltmarket: your endpoint is set up.' } };
    const [row] = await sqlRows<DeliveryRow>(this.orm,
      `insert into webhook_deliveries (endpoint_id, event_id, event, payload, created_at, next_attempt_at)
       values (?, ?, 'ping', ?::jsonb, ?, ?) returning ${DELIVERY}`,
      [endpointId, id, JSON.stringify(payload), at, at]);
    await wakeAfterCommit(this.orm, WEBHOOK_SEND_QUEUE);
    return toDelivery(row!);
  }

  async replay(endpointId: number, deliveryId: number, at: Date): Promise<StoredWebhookDelivery | null> {
    // Its attempts start over from now (a replay is a new 72 hours), under the same event id.
    const [row] = await sqlRows<DeliveryRow>(this.orm,
      `update webhook_deliveries set created_at = ?, next_attempt_at = ?, attempts = 0, claimed_until = null,
         delivered_at = null, failed_at = null
       where id = ? and endpoint_id = ? returning ${DELIVERY}`,
      [at, at, deliveryId, endpointId]);
    if (row) await wakeAfterCommit(this.orm, WEBHOOK_SEND_QUEUE);
    return row ? toDelivery(row) : null;
  }

  async claimDue(now: Date, limit: number): Promise<DueWebhookDelivery[]> {
    const rows = await sqlRows<{ id: string; endpoint_id: string; user_id: string; url: string; secret: string; event_id: string; event: WebhookEvent; body: string; attempts: number; created_at: Date | string }>(this.orm,
      `with due as (
         select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
         where d.delivered_at is null and d.failed_at is null and d.next_attempt_at <= ?
           and (d.claimed_until is null or d.claimed_until <= ?) and e.enabled
         order by d.next_attempt_at, d.id
         limit ?
         for update of d skip locked
       ), claimed as (
         update webhook_deliveries d set claimed_until = ?
         from due where d.id = due.id
         returning d.id, d.endpoint_id, d.event_id, d.event, d.payload, d.attempts, d.created_at, d.next_attempt_at
       )
       select c.id::text, c.endpoint_id::text, e.user_id, e.url, e.secret, c.event_id, c.event, c.payload::text as body, c.attempts, c.created_at
       from claimed c join webhook_endpoints e on e.id = c.endpoint_id order by c.next_attempt_at, c.id`,
      [now, now, limit, new Date(now.getTime() + this.claimMs)]);
    return rows.map((r) => ({
      id: Number(r.id), endpointId: Number(r.endpoint_id), userId: r.user_id, url: r.url, secret: r.secret, eventId: r.event_id, event: r.event,
      body: r.body, attempts: r.attempts, createdAt: new Date(r.created_at),
    }));
  }

  async markDelivered(id: number, statusCode: number, now: Date): Promise<void> {
    await sqlRows(this.orm,
      `with d as (
         update webhook_deliveries set delivered_at = ?, last_attempt_at = ?, last_status_code = ?, last_error = null,
           attempts = attempts + 1, claimed_until = null
         where id = ? and delivered_at is null returning endpoint_id
       )
       update webhook_endpoints set failing_since = null where id in (select endpoint_id from d)`,
      [now, now, statusCode, id]);
  }

  async markFailed(id: number, outcome: { statusCode: number | null; error: string }, retryAt: Date | null, now: Date): Promise<{ failingSince: Date | null }> {
    const [row] = await sqlRows<{ failing_since: Date | string | null }>(this.orm,
      `with d as (
         update webhook_deliveries set last_attempt_at = ?, last_status_code = ?, last_error = ?, attempts = attempts + 1,
           claimed_until = null, next_attempt_at = ?, failed_at = case when ?::timestamptz is null then ?::timestamptz end
         where id = ? and delivered_at is null and failed_at is null returning endpoint_id
       )
       update webhook_endpoints set failing_since = coalesce(failing_since, ?)
       where id in (select endpoint_id from d) returning failing_since`,
      [now, outcome.statusCode, outcome.error, retryAt, retryAt, now, id, now]);
    return { failingSince: date(row?.failing_since ?? null) };
  }

  async disableEndpoint(endpointId: number, reason: string, now: Date): Promise<boolean> {
    const off = await sqlRows(this.orm,
      `update webhook_endpoints set enabled = false, disabled_at = ?, disabled_reason = ? where id = ? and enabled returning id`,
      [now, reason, endpointId]);
    if (off.length === 0) return false;
    await sqlRows(this.orm,
      `update webhook_deliveries set failed_at = ?, next_attempt_at = null, claimed_until = null
       where endpoint_id = ? and delivered_at is null and failed_at is null`, [now, endpointId]);
    return true;
  }
}
