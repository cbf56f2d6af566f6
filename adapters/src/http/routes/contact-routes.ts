import type { Router } from 'express';
import type { Container } from 'inversify';
import { HandleContactMessage, ListContactMessages, SendContactMessage } from '@voltmarket/application';
import { CONTACT_TOPICS, type ContactStatus, type ContactTopic, contactMessageNotFound } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { TOKENS } from '../../main/container.js';
import { wholeId } from '../input-guards.js';
import { rateLimit } from '../rate-limit.js';
import { type ListSpec, filters, parseListQuery, sendPage } from '../simple-rest.js';
import { apiRouter } from '../router.js';

type ContactInput = components['schemas']['ContactMessageInput'];
type HandleInput = components['schemas']['ContactMessageHandleInput'];
interface ContactFilter { id?: number[]; status?: ContactStatus; topic?: ContactTopic; q?: string }

const CONTACT_MESSAGES: ListSpec<'createdAt'> = {
  resource: 'contact-messages',
  sorts: ['createdAt'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: {
    id: filters.ids(filters.wholeNumber(1, Number.MAX_SAFE_INTEGER)),
    status: filters.oneOf(['open', 'handled']),
    topic: filters.oneOf(CONTACT_TOPICS),
    q: filters.text(100),
  },
};

/** Contact Us (anyone may write) and the backoffice's Contact messages (support and admins). */
export function contactRoutes(c: Container): Router {
  const router = apiRouter();
  const config = c.get(TOKENS.Config);
  const send = c.get(SendContactMessage);
  const list = c.get(ListContactMessages);
  const handle = c.get(HandleContactMessage);

  const tooMany = 'You have sent several messages to us in a short time. Try again in {seconds} s, or wait for our answer.';
  const limits = [
    rateLimit(c.get(TOKENS.RateLimits), { name: 'contact-messages', limit: config.contactMessagesPerHour, windowMs: 3_600_000, message: tooMany }),
    rateLimit(c.get(TOKENS.RateLimits), { name: 'contact-messages-per-address', limit: config.contactMessagesPerAddressPerHour, windowMs: 3_600_000, per: 'address', message: tooMany }),
  ];

  router.post('/contact-messages', ...limits, async (req, res) => {
    const body = req.body as ContactInput;
    res.status(201).json(await send.execute({ name: body.name, email: body.email, topic: body.topic, message: body.message, listing: body.listing }, req.actor));
  });

  router.get('/admin/contact-messages', async (req, res) => {
    const { range, filter } = parseListQuery<ContactFilter, 'createdAt'>(req.query, CONTACT_MESSAGES);
    const page = await list.execute({
      ids: filter.id, status: filter.status, topic: filter.topic, q: filter.q, offset: range.start, limit: range.end - range.start + 1,
    }, req.actor);
    sendPage(res, 'contact-messages', range, page);
  });

  router.get('/admin/contact-messages/:id', async (req, res) => {
    const id = wholeId(req.params.id, 'id');
    const { items } = await list.execute({ ids: [id], offset: 0, limit: 1 }, req.actor);
    if (!items[0]) throw contactMessageNotFound(id);
    res.json(items[0]);
  });

  router.post('/admin/contact-messages/:id/handle', async (req, res) => {
    const body = (req.body ?? {}) as HandleInput;
    res.json(await handle.execute({ id: wholeId(req.params.id, 'id'), note: body.note }, req.actor));
  });

  return router;
}
