import type { Router } from 'express';
import type { Container } from 'inversify';
import { GetConversation, ListConversations, ListListingInquiries, MarkConversationRead, SendInquiry, SendMessage } from '@voltmarket/application';
import { ValidationError } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { TOKENS } from '../../main/container.js';
import { listingIdParam, oneSpelling, wholeId, wholeNumberParam } from '../input-guards.js';
import { rateLimit } from '../rate-limit.js';
import { apiRouter } from '../router.js';

type SendMessageInput = components['schemas']['SendMessageInput'];
type MarkReadInput = components['schemas']['MarkReadInput'];
type InquiryInput = components['schemas']['InquiryInput'];

const MAX_MESSAGE_ID = Number.MAX_SAFE_INTEGER;

/** Chat between buyers and sellers, and the Contact Seller form. */
export function conversationRoutes(c: Container): Router {
  const router = apiRouter();
  const config = c.get(TOKENS.Config);
  const limits = c.get(TOKENS.RateLimits);
  const send = c.get(SendMessage);
  const getConversation = c.get(GetConversation);
  const markRead = c.get(MarkConversationRead);
  const conversations = c.get(ListConversations);
  const inquire = c.get(SendInquiry);
  const inquiries = c.get(ListListingInquiries);

  const tooFast = 'You are sending messages too quickly. Try again in {seconds} s.';
  const messageLimits = [
    rateLimit(limits, { name: 'messages', limit: config.messagesPerMinute, windowMs: 60_000, message: tooFast }),
    rateLimit(limits, { name: 'messages-per-address', limit: config.messagesPerAddressPerMinute, windowMs: 60_000, per: 'address', message: tooFast }),
  ];
  const tooMany = 'You have sent several inquiries in a short time. Try again in {seconds} s.';
  const inquiryLimits = [
    rateLimit(limits, { name: 'inquiries', limit: config.inquiriesPerHour, windowMs: 3_600_000, message: tooMany }),
    rateLimit(limits, { name: 'inquiries-per-address', limit: config.inquiriesPerAddressPerHour, windowMs: 3_600_000, per: 'address', message: tooMany }),
  ];

  router.get('/chat/messages/:vehicleId/:otherUserId', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    // The older messages continue from X-Next-Cursor sent back as cursor (before, its older name, is a message id).
    const cursor = q.cursor === undefined ? undefined : wholeId(q.cursor, 'cursor', MAX_MESSAGE_ID);
    const before = wholeNumberParam(q, 'before');
    if (cursor !== undefined && before !== undefined && cursor !== before) {
      throw new ValidationError([{ field: 'before', message: 'before is the older name of cursor: send one of them' }]);
    }
    const thread = await getConversation.execute({
      vehicleId: listingIdParam(req.params, 'vehicleId'),
      otherUserId: String(req.params.otherUserId),
      before: cursor ?? before,
      limit: wholeNumberParam(q, 'limit'),
    }, req.actor);
    const oldest = thread.messages[0];
    if (thread.hasMore && oldest) res.set('X-Next-Cursor', String(oldest.messageId));
    res.set('Access-Control-Expose-Headers', 'X-Next-Cursor');
    res.json(thread);
  });

  router.post('/chat/send-message', ...messageLimits, async (req, res) => {
    const body = req.body as SendMessageInput;
    const key = req.get('Idempotency-Key') ?? null;
    const fields = body as Record<string, unknown>;
    const vehicleId = wholeId(oneSpelling(fields, 'vehicleId', 'listingId'), body.vehicleId === undefined ? 'listingId' : 'vehicleId', 2_147_483_647);
    const { created, ...message } = await send.execute({
      vehicleId, receiverId: body.receiverId, content: oneSpelling<string>(fields, 'content', 'message'), idempotencyKey: key,
    }, req.actor);
    // A retry with the key of a message already sent answers that message, 200 instead of 201.
    res.status(created === false ? 200 : 201).json({ success: true, message });
  });

  router.post('/chat/mark-read', async (req, res) => {
    const body = req.body as MarkReadInput;
    res.json(await markRead.execute({ conversationId: body.conversationId }, req.actor));
  });

  router.get('/messages/conversations', async (req, res) => {
    res.json(await conversations.execute(undefined, req.actor));
  });

  router.post('/inquiries', ...inquiryLimits, async (req, res) => {
    const body = req.body as InquiryInput;
    const receipt = await inquire.execute({
      vehicleId: wholeId(body.vehicleId, 'vehicleId', 2_147_483_647),
      buyerName: body.buyerName,
      buyerEmail: body.buyerEmail,
      buyerPhone: body.buyerPhone,
      message: body.message,
      idempotencyKey: req.get('Idempotency-Key') ?? null,
    }, req.actor);
    const { created, ...answer } = receipt;
    res.status(created ? 201 : 200).json(answer);
  });

  router.get('/vehicles/:id/inquiries', async (req, res) => {
    res.json(await inquiries.execute({ vehicleId: listingIdParam(req.params) }, req.actor));
  });

  return router;
}
