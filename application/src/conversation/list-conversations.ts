import type { Actor } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { ConversationReads, ConversationSummary } from './conversation-reads.js';

export const CONVERSATION_LIST_MAX = 200;

/** The caller's conversations, buying and selling, latest message first. */
export class ListConversations {
  constructor(private readonly reads: ConversationReads) {}

  execute(_input: void, actor: Actor | null): Promise<ConversationSummary[]> {
    const me = requireSignedIn(actor);
    return this.reads.listFor(me.userId, CONVERSATION_LIST_MAX);
  }
}
