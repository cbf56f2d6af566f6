import type { Router } from 'express';
import type { Container } from 'inversify';
import { GetReviewEligibility, ListReviews, ReplyToReview, type ReviewTarget, WriteReview } from '@voltmarket/application';
import { ValidationError } from '@voltmarket/domain';
import type { components } from '@voltmarket/contract';
import { wholeId } from '../input-guards.js';
import { listPage, sendPageHeaders } from '../list-cursor.js';
import { apiRouter } from '../router.js';

type ReviewInput = components['schemas']['ReviewInput'];
type ReplyInput = components['schemas']['ReviewReplyInput'];
const MAX_ID = 2_147_483_647;

/** Exactly one of a booking or a listing, by id. */
function targetOf(source: { rentalId?: unknown; vehicleId?: unknown }): ReviewTarget {
  const hasRental = source.rentalId !== undefined;
  const hasVehicle = source.vehicleId !== undefined;
  if (hasRental === hasVehicle) {
    throw new ValidationError([{ field: 'rentalId', message: 'Name either the rental (rentalId) or the listing (vehicleId) you are reviewing, not both' }]);
  }
  return hasRental ? { kind: 'rental', bookingId: wholeId(source.rentalId, 'rentalId', Number.MAX_SAFE_INTEGER) } : { kind: 'listing', vehicleId: wholeId(source.vehicleId, 'vehicleId', MAX_ID) };
}

/** Reviews: written from real dealings, read by anyone, answered once by the person reviewed. */
export function reviewRoutes(c: Container): Router {
  const router = apiRouter();
  const write = c.get(WriteReview);
  const eligibility = c.get(GetReviewEligibility);
  const reply = c.get(ReplyToReview);
  const list = c.get(ListReviews);

  router.post('/reviews', async (req, res) => {
    const body = req.body as ReviewInput;
    res.status(201).json(await write.execute({ target: targetOf(body), rating: body.rating, title: body.title, comment: body.comment }, req.actor));
  });

  router.get('/reviews/eligibility', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await eligibility.execute({ target: targetOf(req.query as { rentalId?: string; vehicleId?: string }) }, req.actor));
  });

  router.post('/reviews/:id/reply', async (req, res) => {
    const body = req.body as ReplyInput;
    res.json(await reply.execute({ id: wholeId(req.params.id, 'id'), reply: body.reply }, req.actor));
  });

  router.get('/users/:id/reviews', async (req, res) => {
    const { as } = req.query as { as?: 'seller' | 'renter' };
    const at = listPage(req, 10);
    const reviews = await list.execute({ userId: String(req.params.id), as, offset: at.offset, limit: at.limit }, req.actor);
    sendPageHeaders(res, at, reviews.items.length, reviews.total);
    res.json(reviews);
  });

  return router;
}
