import type pg from 'pg';
import type { FoundListing, SellerFacts, SellerListingSort, SellerReads } from '@voltmarket/application';
import type { NameAudience } from '@voltmarket/domain';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './search/summary.js';

const ORDERS: Record<SellerListingSort, string> = {
  newest: 'l.created_at desc, l.id desc',
  price_asc: 'l.price asc, l.id asc',
  price_desc: 'l.price desc, l.id desc',
};

/** A seller's public page, read from their listings, ratings and conversations (on the read pool: the server-rendered head reads it too). */
export class PostgresSellerReads implements SellerReads {
  constructor(private readonly pool: pg.Pool, private readonly now: () => Date = () => new Date()) {}

  async facts(userId: string, chatsSince: Date): Promise<SellerFacts | null> {
    const { rows: [person] } = await this.pool.query<{
      id: string; first_name: string | null; last_name: string | null; email: string | null; email_verified: boolean; created_at: Date;
      verified_phone: string | null; dealer_name: string | null;
      live: number; sold: number; cities: string[]; rating_sum: number | null; rating_count: number | null;
    }>(
      `select u.id, u.first_name, u.last_name, u.email, u.email_verified, u.created_at, u.verified_phone,
              case when u.dealer_status = 'verified' then u.dealer_business_name end as dealer_name,
              (select count(*)::int from listings where seller_id = u.id and status = 'active') as live,
              (select count(*)::int from listings where seller_id = u.id and status = 'sold') as sold,
              (select coalesce(json_agg(c.location order by c.n desc, c.location), '[]'::json)
               from (select location, count(*) as n from listings where seller_id = u.id and status = 'active' group by location) c) as cities,
              r.rating_sum, r.rating_count
       from users u left join seller_ratings r on r.user_id = u.id where u.id = $1`, [userId]);
    if (!person) return null;
    // A chat a buyer started: asked at their first message, answered at the seller's first one after it.
    const { rows: [chats] } = await this.pool.query<{ started: number; answered: number; median_ms: number | null }>(
      `with chats as (
         select (select min(m.created_at) from messages m where m.conversation_id = c.id and m.sender_id = c.buyer_id) as asked,
                (select min(m.created_at) from messages m where m.conversation_id = c.id and m.sender_id = c.seller_id) as answered
         from conversations c where c.seller_id = $1 and c.created_at >= $2
       )
       select count(*)::int as started, (count(*) filter (where answered > asked))::int as answered,
              percentile_cont(0.5) within group (order by extract(epoch from answered - asked) * 1000) filter (where answered > asked) as median_ms
       from chats where asked is not null`, [userId, chatsSince]);
    return {
      id: person.id, firstName: person.first_name, lastName: person.last_name, email: person.email, emailVerified: person.email_verified,
      phoneVerified: person.verified_phone !== null, verifiedDealerName: person.dealer_name,
      memberSince: new Date(person.created_at), liveListings: person.live, soldListings: person.sold, cities: person.cities,
      rating: person.rating_count ? { average: person.rating_sum! / person.rating_count, count: person.rating_count } : null,
      chats: { started: chats?.started ?? 0, answered: chats?.answered ?? 0, medianReplyMs: chats?.median_ms === null || chats?.median_ms === undefined ? null : Number(chats.median_ms) },
    };
  }

  async liveListings(userId: string, sort: SellerListingSort, offset: number, limit: number, audience: NameAudience): Promise<{ items: FoundListing[]; total: number }> {
    const [{ rows }, { rows: [count] }] = await Promise.all([
      this.pool.query<SummaryRow>(
        `select ${SUMMARY_COLUMNS} from listings l join users u on u.id = l.seller_id
         where l.seller_id = $1 and l.status = 'active' order by ${ORDERS[sort]} offset $2 limit $3`, [userId, offset, limit]),
      this.pool.query<{ n: number }>(`select count(*)::int as n from listings where seller_id = $1 and status = 'active'`, [userId]),
    ]);
    const now = this.now();
    return { items: rows.map((r) => toSummary(r, audience, now)), total: count?.n ?? 0 };
  }
}
