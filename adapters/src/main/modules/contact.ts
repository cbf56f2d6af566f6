import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AuditTrail, HandleContactMessage, ListContactMessages, SendContactMessage } from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { PostgresContactMessageStore } from '../../postgres/contact-message-store.js';

/** Contact Us: messages from visitors and members to staff, acknowledged by mail, marked handled by support. */
export const contactModule = new ContainerModule(({ bind }) => {
  const { ContactMessageStore: S, UserRepository: U, MailOutbox: O, UnitOfWork: W, Clock: K, Config: C } = TOKENS;
  bind(S).toResolvedValue((orm: MikroORM) => new PostgresContactMessageStore(orm), [TOKENS.Orm]);
  bind(SendContactMessage).toResolvedValue(
    (s, u, o, w, k, config: AppConfig) => new SendContactMessage(s, u, o, w, k, { publicUrl: config.publicUrl }), [S, U, O, W, K, C]);
  bind(ListContactMessages).toResolvedValue((s) => new ListContactMessages(s), [S]);
  bind(HandleContactMessage).toResolvedValue((s, t, w, k) => new HandleContactMessage(s, t, w, k), [S, AuditTrail, W, K]);
});
