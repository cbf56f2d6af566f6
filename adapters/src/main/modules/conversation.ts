import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  GetConversation, ListConversations, ListListingInquiries, MarkConversationRead, Notifier, SendInquiry, SendMessage,
} from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresConversationStore, PostgresInquiryRepository } from '../../postgres/conversation-store.js';

/** Chat between buyers and sellers, and inquiries. */
export const conversationModule = new ContainerModule(({ bind }) => {
  bind(PostgresConversationStore).toResolvedValue((orm: MikroORM) => new PostgresConversationStore(orm), [TOKENS.Orm]);
  bind(TOKENS.ConversationRepository).toService(PostgresConversationStore);
  bind(TOKENS.ConversationReads).toService(PostgresConversationStore);
  bind(TOKENS.InquiryRepository).toResolvedValue((orm: MikroORM) => new PostgresInquiryRepository(orm), [TOKENS.Orm]);
  const {
    ConversationRepository: CR, ConversationReads: R, ListingRepository: L, UserRepository: U, LiveEvents: E, UnitOfWork: W, Clock: K,
    NotificationRepository: N, InquiryRepository: I, PhoneNumbers: P,
  } = TOKENS;
  bind(SendMessage).toResolvedValue((c, l, u, n, e, w, k) => new SendMessage(c, l, u, n, e, w, k), [CR, L, U, Notifier, E, W, K]);
  bind(GetConversation).toResolvedValue((c, l, r) => new GetConversation(c, l, r), [CR, L, R]);
  bind(MarkConversationRead).toResolvedValue((c, n, nf, e, w, k) => new MarkConversationRead(c, n, nf, e, w, k), [CR, N, Notifier, E, W, K]);
  bind(ListConversations).toResolvedValue((r) => new ListConversations(r), [R]);
  bind(SendInquiry).toResolvedValue((i, c, l, n, e, p, w, k) => new SendInquiry(i, c, l, n, e, p, w, k), [I, CR, L, Notifier, E, P, W, K]);
  bind(ListListingInquiries).toResolvedValue((l, i) => new ListListingInquiries(l, i), [L, I]);
});
