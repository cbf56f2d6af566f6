import type { Request, Response, Router } from 'express';
import type { Container } from 'inversify';
import { IssueEventTicket, ListNotifications, MarkAllNotificationsRead, MarkNotificationRead, RedeemEventTicket, type StoredLiveEvent } from '@voltmarket/application';
import { ValidationError } from '@voltmarket/domain';
import { TOKENS } from '../../main/container.js';
import { wholeId } from '../input-guards.js';
import { apiRouter } from '../router.js';

/** A stream whose unsent output grows past this is closed; the client resumes with Last-Event-ID. */
export const MAX_BUFFERED_BYTES = 256 * 1024;

export function notificationRoutes(c: Container): Router {
  const router = apiRouter();
  const list = c.get(ListNotifications);
  const markOne = c.get(MarkNotificationRead);
  const markAll = c.get(MarkAllNotificationsRead);
  const issueTicket = c.get(IssueEventTicket);
  const redeemTicket = c.get(RedeemEventTicket);
  const hub = c.get(TOKENS.EventHub);
  const streams = c.get(TOKENS.OpenStreams);
  const logger = c.get(TOKENS.Logger);
  const heartbeatMs = c.get(TOKENS.Config).liveHeartbeatSeconds * 1000;

  router.get('/notifications', async (req, res) => {
    res.json(await list.execute(undefined, req.actor));
  });

  router.post('/notifications/read-all', async (req, res) => {
    res.json(await markAll.execute(undefined, req.actor));
  });

  router.post('/notifications/:id/read', async (req, res) => {
    res.json(await markOne.execute({ id: wholeId(req.params.id, 'id') }, req.actor));
  });

  router.post('/events/ticket', async (req, res) => {
    res.status(201).json(await issueTicket.execute(undefined, req.actor));
  });

  router.get('/events', async (req: Request, res: Response) => {
    // Checked before the ticket is spent: a refused request leaves the client its ticket.
    const afterId = resumeFrom(req);
    const userId = await redeemTicket.execute({ ticket: String(req.query.ticket) });
    res.locals.userId = userId;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      // Nginx and its kin would otherwise hold events back to fill a buffer.
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    let subscription: { close(): void } | null = null;
    let open = true;
    const end = (retryMs?: number) => {
      if (!open) return;
      open = false;
      forget();
      clearInterval(heartbeat);
      subscription?.close();
      // Shutting down: come back soon, to whichever process answers, from the last event read.
      if (retryMs !== undefined) res.write(`retry: ${retryMs}\n\n`);
      res.end();
    };
    const forget = streams.add(end);
    const write = (chunk: string) => {
      if (!open) return;
      res.write(chunk);
      // A client that does not read (a phone gone to sleep behind a proxy) must not grow our memory.
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        logger.info({ userId }, 'closing a live stream that is not reading');
        end();
        res.destroy();
      }
    };
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
    req.on('close', () => end());
    try {
      subscription = await hub.subscribe(userId, afterId, (event: StoredLiveEvent) => write(frame(event)));
      if (!open) subscription.close();
    } catch (err) {
      logger.warn({ err }, 'a live stream could not start');
      end();
    }
  });

  return router;
}

function frame(event: StoredLiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Last-Event-ID (EventSource sends it on its own reconnects) or ?lastEventId= (a client that opens a new stream with a new ticket). */
function resumeFrom(req: Request): number | null {
  const raw = req.headers['last-event-id'] ?? (req.query.lastEventId as unknown);
  if (raw === undefined || raw === '') return null;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  const field = req.headers['last-event-id'] === undefined ? 'lastEventId' : 'Last-Event-ID';
  if (!Number.isSafeInteger(value) || value < 0) throw new ValidationError([{ field, message: `${field} must be a whole number` }]);
  return value;
}
