import { describe, expect, it } from 'vitest';
import { describeRevenue, periodLabel, revenueSeries } from '../../src/advertising/revenue-series';
import { staffMayDo, toPermissions } from '../../src/auth/permissions';
import type { AdminPayment, RevenuePoint, Vehicle } from '../../src/data/api-types';
import { paymentMethodText } from '../../src/lib/advertising-labels';
import { boostTimeLeft } from '../../src/lib/boost-time';
import { formatDateTime, formatNaira, formatNairaCompact } from '../../src/lib/format';
import { filteredListUrl } from '../../src/lib/list-links';
import { guaranteeEndsAt, refundOffered, refundStanding } from '../../src/payments/refund-rules';
import { toVehicleUpdate } from '../../src/vehicles/editable-fields';

const admin = toPermissions({ isAdmin: true, isStaff: true, role: 'admin' });
const support = toPermissions({ isAdmin: false, isStaff: true, role: 'support' });
const plain = toPermissions({ isAdmin: false, isStaff: false, role: 'user' });

const DAY = 24 * 60 * 60 * 1000;

type RefundFacts = Pick<AdminPayment, 'status' | 'refundable' | 'paidAt' | 'refundedAt'>;
const paid = (overrides: Partial<RefundFacts> = {}): RefundFacts => ({
  status: 'success',
  refundable: true,
  paidAt: '2026-11-20T09:30:00.000Z',
  refundedAt: null,
  ...overrides,
});

describe('who is offered a refund, and on which payments', () => {
  it('offers Refund to an administrator on a payment still inside the 7-day guarantee', () => {
    expect(refundOffered(admin, paid())).toBe(true);
  });

  it('never offers it to support staff or to anyone without a staff role, however refundable the payment', () => {
    expect(refundOffered(support, paid())).toBe(false);
    expect(refundOffered(plain, paid())).toBe(false);
    expect(refundOffered(undefined, paid())).toBe(false);
  });

  it('does not offer it once the guarantee is over, nor on a payment that is pending, failed, abandoned or already refunded', () => {
    expect(refundOffered(admin, paid({ refundable: false }))).toBe(false);
    for (const status of ['pending', 'failed', 'abandoned', 'reversed'] as const) {
      expect(refundOffered(admin, paid({ status, refundable: false }))).toBe(false);
      // Even if the server's flag and the status ever disagreed, only a successful payment is offered.
      expect(refundOffered(admin, paid({ status, refundable: true }))).toBe(false);
    }
  });

  it('lets both roles read payments and boosts, and nobody create, edit or delete them', () => {
    for (const who of [admin, support]) {
      for (const resource of ['payments', 'advertising-packages']) {
        expect(staffMayDo(who, 'list', resource)).toBe(true);
        expect(staffMayDo(who, 'show', resource)).toBe(true);
        for (const action of ['create', 'edit', 'delete']) expect(staffMayDo(who, action, resource)).toBe(false);
      }
    }
    expect(staffMayDo(plain, 'list', 'payments')).toBe(false);
  });

  it('says on the payment why it can no longer be refunded, or when it was', () => {
    expect(refundStanding(paid())).toBeNull();
    expect(guaranteeEndsAt('2026-11-20T09:30:00.000Z').toISOString()).toBe('2026-11-27T09:30:00.000Z');
    expect(refundStanding(paid({ refundable: false }))).toBe(
      `The 7-day satisfaction guarantee ended on ${formatDateTime('2026-11-27T09:30:00.000Z')}; this payment can no longer be refunded.`,
    );
    expect(refundStanding(paid({ status: 'reversed', refundable: false, refundedAt: '2026-11-22T10:00:00.000Z' }))).toBe(
      `Refunded on ${formatDateTime('2026-11-22T10:00:00.000Z')}; its boost ended then.`,
    );
    expect(refundStanding(paid({ status: 'pending', refundable: false, paidAt: null }))).toBe('Only a successful payment can be refunded.');
  });
});

const point = (period: string, basic: number, premium: number, ultimate: number, purchases: number): RevenuePoint => ({
  period,
  basic,
  premium,
  ultimate,
  total: basic + premium + ultimate,
  purchases,
});

describe('the revenue chart, built from the advertising summary', () => {
  const threeDays = [point('2026-11-22', 5_000, 12_000, 0, 2), point('2026-11-23', 0, 0, 20_000, 1), point('2026-11-24', 0, 0, 0, 0)];

  it('stacks each period Basic Boost, then Premium Spotlight, then Ultimate Exposure, on a scale with round gridlines', () => {
    const series = revenueSeries(threeDays, 'day');
    expect(series.scaleMax).toBe(20_000);
    expect(series.ticks).toEqual([0, 5_000, 10_000, 15_000, 20_000]);
    expect(series.bars.map((bar) => bar.segments.map((s) => [s.type, s.amount, s.height]))).toEqual([
      [['basic', 5_000, 25], ['premium', 12_000, 60], ['ultimate', 0, 0]],
      [['basic', 0, 0], ['premium', 0, 0], ['ultimate', 20_000, 100]],
      [['basic', 0, 0], ['premium', 0, 0], ['ultimate', 0, 0]],
    ]);
    expect(series.bars.map((bar) => [bar.total, bar.purchases])).toEqual([[17_000, 2], [20_000, 1], [0, 0]]);
  });

  it('rounds the top of the scale up to a figure people read at a glance', () => {
    const series = revenueSeries([point('2026-10', 45_000, 72_000, 39_000, 23)], 'month');
    expect(series.scaleMax).toBe(200_000);
    expect(series.ticks).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(series.ticks.map(formatNairaCompact)).toEqual(['₦0', '₦50K', '₦100K', '₦150K', '₦200K']);
    const month = revenueSeries([point('2026-11', 29_000, 12_000, 0, 3)], 'month');
    expect(month.scaleMax).toBe(50_000);
    expect(month.ticks).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(revenueSeries([point('2026-11', 1, 0, 0, 1)], 'month').ticks).toEqual([0, 1]);
  });

  it('adds up each package over the period and says it in one sentence', () => {
    const series = revenueSeries(threeDays, 'day');
    expect(series.totals).toEqual({ basic: 5_000, premium: 12_000, ultimate: 20_000 });
    expect(series.total).toBe(37_000);
    expect(describeRevenue(series, 'day')).toBe(
      '₦37,000 from 3 purchases in the last 3 days: Basic Boost ₦5,000, Premium Spotlight ₦12,000, Ultimate Exposure ₦20,000.',
    );
  });

  it('draws nothing and says so when no boost was paid for', () => {
    const days = Array.from({ length: 30 }, (_, i) => point(`2026-11-${String(i + 1).padStart(2, '0')}`, 0, 0, 0, 0));
    const series = revenueSeries(days, 'day');
    expect(series.scaleMax).toBe(0);
    expect(series.bars.every((bar) => bar.segments.every((s) => s.height === 0))).toBe(true);
    expect(describeRevenue(series, 'day')).toBe('No advertising revenue in the last 30 days.');
  });

  it('keeps a period whose refunds outweigh its sales off the chart instead of drawing it upside down', () => {
    const series = revenueSeries([point('2026-11-01', -5_000, 0, 0, 0), point('2026-11-02', 12_000, 0, 0, 1)], 'day');
    expect(series.scaleMax).toBe(12_500);
    expect(series.bars[0]?.segments[0]?.height).toBe(0);
    expect(series.bars[1]?.segments[0]?.height).toBe(96);
  });

  it('labels every fifth day under the bars, counting back from today, and every month', () => {
    const days = Array.from({ length: 30 }, (_, i) => point(`2026-11-${String(i + 1).padStart(2, '0')}`, 0, 0, 0, 0));
    const dayLabels = revenueSeries(days, 'day').bars.map((bar) => bar.axisLabel).filter(Boolean);
    expect(dayLabels).toEqual(['5 Nov', '10 Nov', '15 Nov', '20 Nov', '25 Nov', '30 Nov']);
    const months = ['2025-12', '2026-01', '2026-02'].map((m) => point(m, 0, 0, 0, 0));
    expect(revenueSeries(months, 'month').bars.map((bar) => bar.axisLabel)).toEqual(['Dec', 'Jan', 'Feb']);
  });

  it('names the Lagos day or month of each period in full for the table', () => {
    expect(periodLabel('2026-11-24', 'day')).toBe('24 Nov 2026');
    expect(periodLabel('2026-01', 'month')).toBe('Jan 2026');
  });
});

describe('money and payment details on screen', () => {
  it('shows whole naira with separators, and in short on the chart axis', () => {
    expect(formatNaira(156_000)).toBe('₦156,000');
    expect([0, 750, 20_000, 1_500_000].map(formatNairaCompact)).toEqual(['₦0', '₦750', '₦20K', '₦1.5M']);
  });

  it('names how the buyer paid: the gateway\'s channel once charged, else the method chosen, never one dressed as the other', () => {
    expect(paymentMethodText({ paymentMethod: 'card', channel: 'card' })).toBe('Card');
    expect(paymentMethodText({ paymentMethod: 'bank_transfer', channel: 'bank_transfer' })).toBe('Bank transfer');
    expect(paymentMethodText({ paymentMethod: 'bank_transfer', channel: 'Bank Transfer' })).toBe('Bank transfer');
    expect(paymentMethodText({ paymentMethod: 'mobile_money', channel: null })).toBe('Mobile money');
    expect(paymentMethodText({ paymentMethod: 'card', channel: 'ussd' })).toBe('USSD (chose card)');
    expect(paymentMethodText({ paymentMethod: 'bank_transfer', channel: 'card' })).toBe('Card (chose bank transfer)');
    expect(paymentMethodText({ paymentMethod: 'card', channel: 'capitec_pay' })).toBe('Capitec pay (chose card)');
  });

  it('tells how long a running boost has left, in whole days rounded up', () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    expect(boostTimeLeft(new Date(now + 2.2 * DAY).toISOString(), now)).toBe('3 days left');
    expect(boostTimeLeft(new Date(now + 3 * 60 * 60 * 1000).toISOString(), now)).toBe('Ends within a day');
    expect(boostTimeLeft(new Date(now - 1).toISOString(), now)).toBe('Ended');
    expect(boostTimeLeft(null, now)).toBeNull();
  });

  it('links to a list already filtered, the way react-admin reads its URL', () => {
    const url = filteredListUrl('/admin/payments', { status: 'pending' });
    expect(url.startsWith('/admin/payments?')).toBe(true);
    expect(JSON.parse(new URLSearchParams(url.split('?')[1]).get('filter') ?? '')).toEqual({ status: 'pending' });
    expect(filteredListUrl('/admin/payments')).toBe('/admin/payments');
  });
});

describe('a listing edit in the backoffice', () => {
  const listing: Vehicle = {
    id: 7, title: ' 2022 Kia EV6 Wind ', description: 'One owner.', price: 38_500_000, year: 2022, mileage: 12_000, range: 480,
    vehicleType: 'car', brand: 'Kia', model: 'EV6', location: 'Lagos', imageUrls: ['/uploads/a.webp'], batteryHealth: 96, chargingType: 'Both',
    fastChargingTime: null, vin: null, isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
    sellerId: 'seller-1', status: 'active', isVerified: true, isPremium: true, isCarOfTheWeek: false, isStaffPick: false, moderationFlags: [],
    boost: { tier: 2, packageName: 'Premium Spotlight', endsAt: '2026-12-01T10:00:00.000Z' },
    views: 40, soldAt: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', approvedAt: '2026-11-02T10:00:00.000Z',
    rejectionReason: null, sellerPhone: null, seller: { id: 'seller-1', name: 'Bola Ade', firstName: 'Bola', lastName: 'Ade', phoneVerified: false },
  };

  it('sends only what staff may change: never the running boost, which follows advertising', () => {
    const update = toVehicleUpdate(listing);
    for (const readOnly of ['boost', 'isPremium', 'isVerified', 'isCarOfTheWeek', 'views', 'seller', 'sellerId']) expect(update).not.toHaveProperty(readOnly);
    expect(update.title).toBe('2022 Kia EV6 Wind');
    expect(update.status).toBe('active');
  });
});
