import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  IssueEventTicket, ListNotifications, MarkAllNotificationsRead, MarkNotificationRead, Notifier, PruneLiveEvents, RedeemEventTicket,
} from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { PostgresNotificationRepository } from '../../postgres/notification-store.js';
import { PostgresEventTickets, PostgresLiveEvents } from '../../postgres/live-event-store.js';

/** Notifications, and the live events that carry them (and chat messages) to open pages. */
export const notificationModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.NotificationRepository).toResolvedValue((orm: MikroORM) => new PostgresNotificationRepository(orm), [TOKENS.Orm]);
  bind(PostgresLiveEvents).toResolvedValue((orm: MikroORM) => new PostgresLiveEvents(orm), [TOKENS.Orm]);
  bind(TOKENS.LiveEvents).toService(PostgresLiveEvents);
  bind(TOKENS.LiveEventRetention).toService(PostgresLiveEvents);
  bind(TOKENS.EventTickets).toResolvedValue((orm: MikroORM) => new PostgresEventTickets(orm), [TOKENS.Orm]);
  const { NotificationRepository: N, ConversationRepository: CR, LiveEvents: E, UnitOfWork: W, Clock: K, EventTickets: T } = TOKENS;
  bind(Notifier).toResolvedValue((n, c, e, k, h) => new Notifier(n, c, e, k, h), [N, CR, E, K, TOKENS.WebhookOutbox]);
  bind(ListNotifications).toResolvedValue((n) => new ListNotifications(n), [N]);
  bind(MarkNotificationRead).toResolvedValue((n, nf, e, w, k) => new MarkNotificationRead(n, nf, e, w, k), [N, Notifier, E, W, K]);
  bind(MarkAllNotificationsRead).toResolvedValue((n, nf, e, w, k) => new MarkAllNotificationsRead(n, nf, e, w, k), [N, Notifier, E, W, K]);
  bind(IssueEventTicket).toResolvedValue((t, k) => new IssueEventTicket(t, k), [T, K]);
  bind(RedeemEventTicket).toResolvedValue((t, k) => new RedeemEventTicket(t, k), [T, K]);
  bind(PruneLiveEvents).toResolvedValue(
    (r, config: AppConfig, k) => new PruneLiveEvents(r, config.liveEventRetentionHours, k), [TOKENS.LiveEventRetention, TOKENS.Config, K]);
});
