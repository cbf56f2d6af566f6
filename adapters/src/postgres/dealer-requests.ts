import type pg from 'pg';
import type { DealerRequestQuery, DealerRequestReads, DealerRequestView } from '@voltmarket/application';
import { type DealerStatus, sellerDisplayName } from '@voltmarket/domain';
import { Conditions, containing } from './admin-read-model.js';

interface DealerRowSql {
  id: string; email: string | null; first_name: string | null; last_name: string | null; verified_phone: string | null;
  dealer_business_name: string; dealer_cac_number: string; dealer_status: DealerStatus; dealer_rejection_reason: string | null;
  dealer_submitted_at: Date; dealer_decided_at: Date | null; dealer_decided_by: string | null;
}

/** Dealer verification requests for staff, read from the users who made one (on the primary: a decision is read back at once). */
export class PostgresDealerRequestReads implements DealerRequestReads {
  constructor(private readonly pool: pg.Pool) {}

  async list(query: DealerRequestQuery): Promise<{ items: DealerRequestView[]; total: number }> {
    const c = new Conditions();
    c.add('dealer_status is not null');
    if (query.status) c.add('dealer_status = ?', query.status);
    if (query.ids) c.add('id = any(?)', query.ids);
    if (query.q) c.add(`(dealer_business_name ilike ? or dealer_cac_number ilike ? or email ilike ? or (coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ilike ?)`, containing(query.q));
    const { rows: [count] } = await this.pool.query<{ total: number }>(`select count(*)::int as total from users ${c.where()}`, c.params);
    const total = count?.total ?? 0;
    if (total === 0) return { items: [], total };
    const dir = query.order === 'DESC' ? 'desc' : 'asc';
    const [limit, offset] = c.limitOffset(query.limit, query.offset);
    const { rows } = await this.pool.query<DealerRowSql>(
      `select id, email, first_name, last_name, verified_phone, dealer_business_name, dealer_cac_number, dealer_status,
              dealer_rejection_reason, dealer_submitted_at, dealer_decided_at, dealer_decided_by
       from users ${c.where()} order by dealer_submitted_at ${dir}, id ${dir} limit ${limit} offset ${offset}`, c.params);
    return { items: rows.map(toView), total };
  }
}

const toView = (r: DealerRowSql): DealerRequestView => ({
  id: r.id, email: r.email, name: sellerDisplayName({ firstName: r.first_name, lastName: r.last_name, email: r.email }, 'member'),
  phoneVerified: r.verified_phone !== null, businessName: r.dealer_business_name, cacNumber: r.dealer_cac_number, status: r.dealer_status,
  rejectionReason: r.dealer_rejection_reason, submittedAt: new Date(r.dealer_submitted_at).toISOString(),
  decidedAt: r.dealer_decided_at ? new Date(r.dealer_decided_at).toISOString() : null, decidedBy: r.dealer_decided_by,
});
