import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type Identifier, type SortPayload } from 'react-admin';
import type {
  AdminPayment, AdminRental, AdminReview, AdminContactMessage, AdminDealerRequest, AdminRentalStatusInput, AdminRentalVehicle, AdminStats, AdvertisingSummary, AnalyticsInterval, BulkModerationInput,
  BulkModerationResult, ListingChangeDecision, ReportResolveInput, ReportResolution, SuspendInput, SuspensionResult, SuspensionLifted, CarOfTheWeek, Catalogue, Inquiry, MarketplaceAnalytics, RejectInput, RentalSettingsInput, RentalSummary, UploadedImage, Vehicle,
} from './api-types';
import { authHeaders, httpClient, toHttpError } from './http-client';

export const ADMIN_API = '/api/admin';

/** A range of Lagos days (YYYY-MM-DD) and how to group them, for the Analytics page. */
export interface AnalyticsQuery {
  from: string;
  to: string;
  interval: AnalyticsInterval;
}

const analyticsQuery = ({ from, to, interval }: AnalyticsQuery) => new URLSearchParams({ from, to, interval }).toString();

/** react-admin's standard calls plus the admin API's moderation, dashboard, refund and export endpoints, and photo upload. */
export interface VoltmarketDataProvider extends DataProvider {
  approveVehicle(id: Identifier): Promise<{ data: Vehicle }>;
  rejectVehicle(id: Identifier, reason: string): Promise<{ data: Vehicle }>;
  bulkApproveVehicles(ids: Identifier[]): Promise<BulkModerationResult>;
  bulkRejectVehicles(ids: Identifier[], reason: string): Promise<BulkModerationResult>;
  pickCarOfTheWeek(id: Identifier): Promise<{ data: Vehicle }>;
  withdrawCarOfTheWeek(id: Identifier): Promise<{ data: Vehicle }>;
  getCarOfTheWeek(): Promise<CarOfTheWeek>;
  getStats(): Promise<AdminStats>;
  getAdvertisingSummary(): Promise<AdvertisingSummary>;
  getMarketplaceAnalytics(range: AnalyticsQuery): Promise<MarketplaceAnalytics>;
  exportMarketplaceAnalyticsCsv(range: AnalyticsQuery): Promise<Blob>;
  refundPayment(id: Identifier): Promise<{ data: AdminPayment }>;
  getListingInquiries(id: Identifier): Promise<Inquiry[]>;
  getCatalogue(): Promise<Catalogue>;
  exportUsersCsv(params: { filter: Record<string, unknown>; sort: SortPayload }): Promise<Blob>;
  uploadImage(file: File): Promise<UploadedImage>;
  getRentalSummary(): Promise<RentalSummary>;
  changeRentalStatus(id: Identifier, input: AdminRentalStatusInput): Promise<{ data: AdminRental }>;
  updateRentalSettings(vehicleId: Identifier, input: RentalSettingsInput): Promise<{ data: AdminRentalVehicle }>;
  hideReview(id: Identifier, reason: string): Promise<{ data: AdminReview }>;
  showReview(id: Identifier): Promise<{ data: AdminReview }>;
  handleContactMessage(id: Identifier, note: string | null): Promise<{ data: AdminContactMessage }>;
  verifyDealer(id: Identifier): Promise<{ data: AdminDealerRequest }>;
  rejectDealer(id: Identifier, reason: string): Promise<{ data: AdminDealerRequest }>;
  approveListingChange(id: Identifier): Promise<{ data: ListingChangeDecision }>;
  rejectListingChange(id: Identifier, reason: string): Promise<{ data: ListingChangeDecision }>;
  resolveReports(id: Identifier, input: ReportResolveInput): Promise<{ data: ReportResolution }>;
  suspendUser(id: Identifier, input: SuspendInput): Promise<{ data: SuspensionResult }>;
  liftSuspension(id: Identifier): Promise<{ data: SuspensionLifted }>;
}

const post = async <T>(url: string, body?: unknown): Promise<T> =>
  (await httpClient(url, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json as T;

const patch = async <T>(url: string, body: unknown): Promise<T> => (await httpClient(url, { method: 'PATCH', body: JSON.stringify(body) })).json as T;

const get = async <T>(url: string): Promise<T> => (await httpClient(url)).json as T;

const vehicleUrl = (id: Identifier) => `${ADMIN_API}/vehicles/${encodeURIComponent(String(id))}`;

// The contract's bulk input takes listing ids as integers; react-admin may hold them as strings.
const listingIds = (ids: Identifier[]): BulkModerationInput['ids'] => ids.map(Number);

const base = simpleRestProvider(ADMIN_API, httpClient);

// A CSV is not JSON, so these calls skip fetchJson; they still carry the token and the server's errors.
async function csv(url: string): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(url, { headers: await authHeaders('text/csv') });
  } catch (error) {
    throw toHttpError(error);
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text as the body.
    }
    throw toHttpError(new HttpError(res.statusText || 'Export failed', res.status, body));
  }
  return res.blob();
}

export const dataProvider: VoltmarketDataProvider = {
  ...base,

  // simple-rest labels a bodiless DELETE as text/plain; send no body and no content type at all.
  // The server answers with the deleted record; an older 204 falls back to what the screen had.
  async delete(resource, params) {
    const { json } = await httpClient(`${ADMIN_API}/${resource}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: json ?? params.previousData };
  },

  async approveVehicle(id) {
    return { data: await post<Vehicle>(`${vehicleUrl(id)}/approve`) };
  },

  async rejectVehicle(id, reason) {
    const body: RejectInput = { reason };
    return { data: await post<Vehicle>(`${vehicleUrl(id)}/reject`, body) };
  },

  bulkApproveVehicles(ids) {
    const body: BulkModerationInput = { ids: listingIds(ids) };
    return post<BulkModerationResult>(`${ADMIN_API}/vehicles/bulk-approve`, body);
  },

  bulkRejectVehicles(ids, reason) {
    const body: BulkModerationInput = { ids: listingIds(ids), reason };
    return post<BulkModerationResult>(`${ADMIN_API}/vehicles/bulk-reject`, body);
  },

  async pickCarOfTheWeek(id) {
    return { data: await post<Vehicle>(`${vehicleUrl(id)}/car-of-the-week`) };
  },

  async withdrawCarOfTheWeek(id) {
    return { data: (await httpClient(`${vehicleUrl(id)}/car-of-the-week`, { method: 'DELETE' })).json as Vehicle };
  },

  getCarOfTheWeek: () => get<CarOfTheWeek>(`${ADMIN_API}/car-of-the-week`),

  getStats: () => get<AdminStats>(`${ADMIN_API}/stats`),

  getAdvertisingSummary: () => get<AdvertisingSummary>(`${ADMIN_API}/advertising/summary`),

  getMarketplaceAnalytics: (range) => get<MarketplaceAnalytics>(`${ADMIN_API}/analytics?${analyticsQuery(range)}`),

  exportMarketplaceAnalyticsCsv: (range) => csv(`${ADMIN_API}/analytics/export?${analyticsQuery(range)}`),

  // The gateway refunds and the boost ends; the answer is the payment, now reversed.
  async refundPayment(id) {
    return { data: await post<AdminPayment>(`${ADMIN_API}/payments/${encodeURIComponent(String(id))}/refund`) };
  },

  getRentalSummary: () => get<RentalSummary>(`${ADMIN_API}/rental-summary`),

  // Hidden at once from every page and from the rating; the reason goes to the audit log.
  async hideReview(id, reason) {
    return { data: await post<AdminReview>(`${ADMIN_API}/reviews/${encodeURIComponent(String(id))}/hide`, { reason }) };
  },

  // Marked handled once, with an optional note; the audit log records who did it.
  async handleContactMessage(id, note) {
    return { data: await post<AdminContactMessage>(`${ADMIN_API}/contact-messages/${encodeURIComponent(String(id))}/handle`, note ? { note } : {}) };
  },

  async approveListingChange(id) {
    return { data: await post<ListingChangeDecision>(`${ADMIN_API}/listing-changes/${encodeURIComponent(String(id))}/approve`) };
  },

  async rejectListingChange(id, reason) {
    return { data: await post<ListingChangeDecision>(`${ADMIN_API}/listing-changes/${encodeURIComponent(String(id))}/reject`, { reason }) };
  },

  // A report group's id names its target: listing:12 or user:abc.
  async resolveReports(id, input) {
    return { data: await post<ReportResolution>(`${ADMIN_API}/reports/${encodeURIComponent(String(id))}/resolve`, input) };
  },

  async suspendUser(id, input) {
    return { data: await post<SuspensionResult>(`${ADMIN_API}/users/${encodeURIComponent(String(id))}/suspend`, input) };
  },

  async liftSuspension(id) {
    return { data: await post<SuspensionLifted>(`${ADMIN_API}/users/${encodeURIComponent(String(id))}/lift-suspension`) };
  },

  async showReview(id) {
    return { data: await post<AdminReview>(`${ADMIN_API}/reviews/${encodeURIComponent(String(id))}/show`) };
  },

  // A dealer request is the seller's: its id is theirs. Deciding a decided one is a 409.
  async verifyDealer(id) {
    return { data: await post<AdminDealerRequest>(`${ADMIN_API}/dealer-requests/${encodeURIComponent(String(id))}/verify`) };
  },

  async rejectDealer(id, reason) {
    return { data: await post<AdminDealerRequest>(`${ADMIN_API}/dealer-requests/${encodeURIComponent(String(id))}/reject`, { reason }) };
  },

  // The server decides whether the move is allowed now (409 when not, 422 when it is too early to start).
  async changeRentalStatus(id, input) {
    return { data: await patch<AdminRental>(`${ADMIN_API}/rentals/${encodeURIComponent(String(id))}/status`, input) };
  },

  async updateRentalSettings(vehicleId, input) {
    return { data: await patch<AdminRentalVehicle>(`${vehicleUrl(vehicleId)}/rental-settings`, input) };
  },

  getListingInquiries: (id) => get<Inquiry[]>(`/api/vehicles/${encodeURIComponent(String(id))}/inquiries`),

  getCatalogue: () => get<Catalogue>('/api/catalogue'),

  // One listing photo as multipart field `image`; fetchJson leaves the multipart content type to the browser.
  async uploadImage(file) {
    const body = new FormData();
    body.append('image', file);
    return (await httpClient('/api/upload/image', { method: 'POST', body })).json as UploadedImage;
  },

  exportUsersCsv({ filter, sort }) {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
    return csv(`${ADMIN_API}/users/export?${query}`);
  },
};
