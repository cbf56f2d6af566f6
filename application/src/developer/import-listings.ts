import { type Actor, DomainError, type FieldIssue, type ListingDetails, type ListingRepository, normaliseListingDetails } from '@voltmarket/domain';
import { type PhoneNumbers, storedPhone } from '../shared/phone-numbers.js';
import type { ReviseListing } from '../listing/revise-listing.js';
import type { SubmitListing } from '../listing/submit-listing.js';
import { requireActiveMember } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';

/** A dealer's own ids of their listings (`externalId`), by which an import finds what it made before. */
export interface ExternalIds {
  find(sellerId: string, externalId: string): Promise<number | null>;
  assign(listingId: number, externalId: string): Promise<void>;
}

/** One row as read: its listing's details, or what was wrong with it before any rule was asked. */
export interface ImportRow {
  row: number;
  externalId: string | null;
  details: ListingDetails | null;
  issues: FieldIssue[];
}

export interface ImportRowOutcome {
  row: number;
  externalId: string | null;
  status: 'created' | 'updated' | 'unchanged' | 'refused';
  vehicleId: number | null;
  errors: FieldIssue[];
}

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  rows: ImportRowOutcome[];
}

/** Most rows an import takes: a dealer's whole stock, answered within a minute. */
export const MAX_IMPORT_ROWS = 1000;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A dealer's stock in one request: every row on its own, through the same rules as the form. A new
 * externalId submits a pending listing; a known one revises that listing (material changes to a
 * live one wait for review); one that changes nothing is left alone. A refused row says why, field
 * by field, and changes nothing.
 */
export class ImportListings {
  constructor(
    private readonly listings: ListingRepository,
    private readonly ids: ExternalIds,
    private readonly submit: Pick<SubmitListing, 'execute'>,
    private readonly revise: Pick<ReviseListing, 'execute'>,
    private readonly work: UnitOfWork,
    private readonly phones: PhoneNumbers,
    private readonly clock: Clock,
  ) {}

  async execute(rows: readonly ImportRow[], actor: Actor | null): Promise<ImportOutcome> {
    const seller = requireActiveMember(actor);
    const outcome: ImportOutcome = { created: 0, updated: 0, unchanged: 0, refused: 0, rows: [] };
    const seen = new Set<string>();
    for (const row of rows) {
      // Each row in a scope of its own: the ORM's bookkeeping would otherwise grow with every row done.
      const result = await this.work.apart(() => this.one(row, seller, seen));
      outcome[result.status]++;
      outcome.rows.push(result);
    }
    return outcome;
  }

  private async one(row: ImportRow, seller: Actor, seen: Set<string>): Promise<ImportRowOutcome> {
    const refuse = (errors: FieldIssue[]): ImportRowOutcome => ({ row: row.row, externalId: row.externalId, status: 'refused', vehicleId: null, errors });
    if (row.externalId !== null && seen.has(row.externalId)) return refuse([{ field: 'externalId', message: `${row.externalId} is on an earlier row of this import` }]);
    if (row.externalId !== null) seen.add(row.externalId);
    if (row.issues.length > 0 || !row.details || row.externalId === null) return refuse(row.issues);
    const { details, externalId } = row;
    try {
      const existing = await this.ids.find(seller.userId, externalId);
      if (existing === null) {
        const created = await this.work.run(async () => {
          const view = await this.submit.execute(details, seller);
          await this.ids.assign(view.id, externalId);
          return view;
        });
        return { row: row.row, externalId, status: 'created', vehicleId: created.id, errors: [] };
      }
      const listing = await this.listings.findById(existing);
      // Compared as they would be stored: a phone typed 0803 555 1234, a title with doubled spaces, a VIN in lower case.
      const stored = normaliseListingDetails({ ...details, sellerPhone: storedPhone(this.phones, details.sellerPhone, 'sellerPhone') ?? null }, this.clock.now());
      const changes = Object.fromEntries(Object.entries(stored).filter(([field, value]) => !same(value, listing?.[field as keyof typeof listing])));
      if (listing && Object.keys(changes).length === 0) return { row: row.row, externalId, status: 'unchanged', vehicleId: existing, errors: [] };
      await this.revise.execute({ id: existing, changes }, seller);
      return { row: row.row, externalId, status: 'updated', vehicleId: existing, errors: [] };
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind === 'unauthenticated' || err.kind === 'quota') throw err;
      return refuse(err.details.length > 0 ? [...err.details] : [{ field: 'row', message: err.message }]);
    }
  }
}
