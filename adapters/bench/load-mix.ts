/**
 * The mixed workload of `npm run bench:load`: which request comes next (drawn by weight), built from
 * what the bench's people have done so far (conversations started, listings saved, pages scrolled),
 * and what each answer changes. Nothing here does I/O: load-client.ts sends what it is given.
 */
import { LISTING_SORTS } from '@voltmarket/application';
import { LISTING_LOCATIONS, VEHICLE_TYPES } from '@voltmarket/domain';
import { DEMO_MODELS, type DemoModel } from '../src/postgres/seed/demo-catalogue.js';
import { seeded } from './seeded.js';

/**
 * The catalogue's brands that the search bench's models (DEMO_MODELS) leave out, so that every brand
 * is on sale: new prices as a Lagos dealer's list has them, whole naira.
 */
export const MORE_MODELS: DemoModel[] = [
  { brand: 'Lucid', model: 'Air Touring', type: 'car', basePrice: 165_000_000, range: 650, charging: 'Both' },
  { brand: 'Genesis', model: 'GV60', type: 'car', basePrice: 78_000_000, range: 430, charging: 'Both' },
  { brand: 'Cadillac', model: 'Lyriq', type: 'car', basePrice: 118_000_000, range: 500, charging: 'Both' },
];
const MODELS = [...DEMO_MODELS, ...MORE_MODELS];

/** A bench account: signed up in the Auth emulator, with its own network address (as behind a load balancer). */
export interface Account {
  uid: string;
  token: string;
  address: string;
}

export interface Seller extends Account {
  /** A photo the seller uploaded, shown on the listings they create. */
  photo: string;
  /** Their live listings, which they edit. */
  listings: number[];
}

/** One request of the mix, with what the workload expects of it and what its answer changes. */
export interface LoadRequest {
  route: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  account?: Account;
  /** X-Forwarded-For: the visitor's address as the load balancer saw it. */
  address: string;
  body?: unknown;
  idempotencyKey?: string;
  /** Statuses the workload expects; any other is an error. */
  expect: readonly number[];
  /** The answer's JSON is needed (not asked compressed). */
  wantBody?: boolean;
  done?: (answer: { status: number; body: unknown; nextCursor: string | undefined }, scheduledAt: number) => void;
}

/** A chat message the API accepted: its receiver's stream should carry it. */
export interface SentMessage {
  messageId: number;
  receiver: string;
  scheduledAt: number;
}

/** The routes of the mix and their weights, percent: 70 browse and search, 15 detail, 8 chat, 5 wishlist and notifications, 2 create and edit. */
export const MIX = [
  ['browse: popular search', 35],
  ['browse: first-seen search', 25],
  ['browse: next page (cursor)', 10],
  ['detail: seen before', 7.5],
  ['detail: first time', 7.5],
  ['chat: send', 4],
  ['chat: read a conversation', 4],
  ['wishlist: add', 2],
  ['wishlist: remove', 1],
  ['notifications: list', 2],
  ['listing: create', 1],
  ['listing: edit', 1],
] as const;

export type Route = (typeof MIX)[number][0];

/** The share of browse and detail requests made signed in; the rest are visitors. */
const SIGNED_IN_BROWSING = 0.25;
const POPULAR_SEARCHES = 600;
const SEEN_DETAILS_KEPT = 500;
const OPEN_PAGES_KEPT = 500;

const TEXTS = [
  ...MODELS.map((m) => `${m.brand} ${m.model}`), ...MODELS.map((m) => m.model.toLowerCase()),
  'hyundia ioniq', 'tesla modle 3', 'nisan leaf', 'byd dolphin', 'mercedes eqs', 'fast charging', 'one owner', 'low mileage',
  'foreign used', 'lekki showroom', 'home charger', 'tesla lagos', 'buses in kano', 'cheap leaf abuja',
];
const SORTS = LISTING_SORTS.filter((s) => s !== 'default');

export interface WorkloadSetup {
  buyers: Account[];
  sellers: Seller[];
  /** Every live listing: its seller and asking price. */
  live: { id: number; seller: number; price: number }[];
  /** Visitors' addresses, drawn at random for requests made signed out. */
  visitors: number;
}

export class Workload {
  private readonly random = seeded(36);
  private readonly asked = new Set<string>();
  private readonly popular: string[];
  private readonly popularWeights: number[];
  private readonly popularSum: number;
  private readonly openPages: { base: string; cursor: string }[] = [];
  private readonly neverAsked: number[];
  private nextCold = 0;
  private readonly seen: number[] = [];
  private readonly conversations: { listingId: number; buyer: Account; seller: Account }[] = [];
  private readonly conversationKeys = new Set<string>();
  private readonly saved = new Map<Account, number[]>();
  /** Buyers with something saved: the ones who can remove a listing. */
  private readonly savers: Account[] = [];
  private readonly price = new Map<number, number>();
  private readonly cumulative: number[];
  private messageNo = 0;
  readonly messages: SentMessage[] = [];

  constructor(private readonly s: WorkloadSetup) {
    this.popular = this.popularSearches();
    this.popularWeights = this.popular.map((_, k) => 1 / (k + 1));
    this.popularSum = this.popularWeights.reduce((a, b) => a + b, 0);
    this.neverAsked = s.live.map((l) => l.id);
    for (let i = this.neverAsked.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [this.neverAsked[i], this.neverAsked[j]] = [this.neverAsked[j]!, this.neverAsked[i]!];
    }
    for (const l of s.live) this.price.set(l.id, l.price);
    let sum = 0;
    this.cumulative = MIX.map(([, w]) => (sum += w));
  }

  /** The next request: a route drawn by weight, built from what has happened so far. */
  next(): LoadRequest {
    const r = this.random() * this.cumulative.at(-1)!;
    const route = MIX[this.cumulative.findIndex((c) => r < c)]![0];
    return this.build(route);
  }

  /** Messages accepted since the last call (for delivery), and forgotten here. */
  takeMessages(): SentMessage[] {
    return this.messages.splice(0, this.messages.length);
  }

  private build(route: Route): LoadRequest {
    switch (route) {
      case 'browse: popular search': return this.search(route, this.popularSearch());
      case 'browse: first-seen search': return this.search(route, this.firstSeenSearch());
      case 'browse: next page (cursor)': {
        if (this.openPages.length === 0) return this.build('browse: popular search');
        const [page] = this.openPages.splice(Math.floor(this.random() * this.openPages.length), 1);
        return this.search(route, `${page!.base}${page!.base ? '&' : ''}cursor=${page!.cursor}`, page!.base);
      }
      case 'detail: seen before': {
        if (this.seen.length === 0) return this.build('detail: first time');
        return this.detail(route, this.pick(this.seen));
      }
      case 'detail: first time': return this.detail(route, this.neverAsked[this.nextCold++ % this.neverAsked.length]!);
      case 'chat: send': return this.send();
      case 'chat: read a conversation': {
        if (this.conversations.length === 0) return this.send();
        const c = this.pick(this.conversations);
        const [reader, other] = this.random() < 0.5 ? [c.buyer, c.seller] : [c.seller, c.buyer];
        return { route, method: 'GET', path: `/api/chat/messages/${c.listingId}/${other.uid}`, account: reader, address: reader.address, expect: [200] };
      }
      case 'wishlist: add': {
        const buyer = this.pick(this.s.buyers);
        const id = this.pick(this.s.live).id;
        return {
          route, method: 'POST', path: '/api/wishlist', account: buyer, address: buyer.address, body: { vehicleId: id }, expect: [200, 201],
          done: ({ status }) => {
            if (status !== 200 && status !== 201) return;
            const list = this.saved.get(buyer) ?? [];
            if (list.length === 0) this.savers.push(buyer);
            this.saved.set(buyer, [...list, id]);
          },
        };
      }
      case 'wishlist: remove': {
        if (this.savers.length === 0) return this.build('wishlist: add');
        const buyer = this.savers.splice(Math.floor(this.random() * this.savers.length), 1)[0]!;
        const list = this.saved.get(buyer)!;
        const id = list.splice(Math.floor(this.random() * list.length), 1)[0]!;
        if (list.length > 0) this.savers.push(buyer);
        return { route, method: 'DELETE', path: `/api/wishlist/${id}`, account: buyer, address: buyer.address, expect: [204] };
      }
      case 'notifications: list': {
        const who = this.random() < 0.8 ? this.pick(this.s.buyers) : this.pick(this.s.sellers);
        return { route, method: 'GET', path: '/api/notifications', account: who, address: who.address, expect: [200] };
      }
      case 'listing: create': return this.create();
      case 'listing: edit': {
        const seller = this.pick(this.s.sellers);
        if (seller.listings.length === 0) return this.create();
        const id = this.pick(seller.listings);
        // Sellers mostly lower the price a little: it applies at once (no review) and may wake price alerts.
        const price = Math.max(100_000, Math.round(((this.price.get(id) ?? 10_000_000) * (0.95 + this.random() * 0.04)) / 10_000) * 10_000);
        return {
          route, method: 'PATCH', path: `/api/vehicles/${id}`, account: seller, address: seller.address, body: { price }, expect: [200],
          done: ({ status }) => void (status === 200 && this.price.set(id, price)),
        };
      }
    }
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** A visitor (three in four) or a signed-in member browsing. */
  private browser(): { account?: Account; address: string } {
    if (this.random() < SIGNED_IN_BROWSING) {
      const account = this.random() < 0.8 ? this.pick(this.s.buyers) : this.pick(this.s.sellers);
      return { account, address: account.address };
    }
    const v = Math.floor(this.random() * this.s.visitors);
    return { address: `100.${64 + (v >> 16)}.${(v >> 8) & 255}.${v & 255}` };
  }

  private search(route: Route, query: string, base = query): LoadRequest {
    this.asked.add(query);
    const who = this.browser();
    return {
      route, method: 'GET', path: `/api/vehicles${query ? `?${query}` : ''}`, ...who, expect: [200],
      done: ({ status, nextCursor }) => {
        // Some of those who saw a page scroll on to the next one (Browse's infinite scroll).
        if (status !== 200 || !nextCursor) return;
        const params = new URLSearchParams(base);
        params.delete('offset');
        params.delete('cursor');
        this.openPages.push({ base: params.toString(), cursor: nextCursor });
        if (this.openPages.length > OPEN_PAGES_KEPT) this.openPages.shift();
      },
    };
  }

  private detail(route: Route, id: number): LoadRequest {
    this.seen.push(id);
    if (this.seen.length > SEEN_DETAILS_KEPT) this.seen.shift();
    return { route, method: 'GET', path: `/api/vehicles/${id}`, ...this.browser(), expect: [200] };
  }

  /** A buyer's first message about a live listing, or the next message of a conversation either way (half each). */
  private send(): LoadRequest {
    let from: Account;
    let to: Account;
    let listingId: number;
    let opens = false;
    if (this.conversations.length < 20 || this.random() < 0.5) {
      const listing = this.pick(this.s.live);
      from = this.pick(this.s.buyers);
      to = this.s.sellers[listing.seller]!;
      listingId = listing.id;
      opens = !this.conversationKeys.has(`${listingId}:${from.uid}`);
    } else {
      const c = this.pick(this.conversations);
      [from, to] = this.random() < 0.5 ? [c.buyer, c.seller] : [c.seller, c.buyer];
      listingId = c.listingId;
    }
    const n = ++this.messageNo;
    const naira = (1_000_000 + Math.floor(this.random() * 90_000) * 1_000).toLocaleString('en');
    return {
      route: 'chat: send', method: 'POST', path: '/api/chat/send-message', account: from, address: from.address,
      body: { listingId, receiverId: to.uid, message: `Offer ${n}: would you take ₦${naira}?` }, idempotencyKey: `load-msg-${n}-${key(this.random)}`,
      expect: [201], wantBody: true,
      done: ({ status, body }, scheduledAt) => {
        if (status !== 201) return;
        this.messages.push({ messageId: (body as { message: { messageId: number } }).message.messageId, receiver: to.uid, scheduledAt });
        if (opens && !this.conversationKeys.has(`${listingId}:${from.uid}`)) {
          this.conversationKeys.add(`${listingId}:${from.uid}`);
          this.conversations.push({ listingId, buyer: from, seller: to });
        }
      },
    };
  }

  private create(): LoadRequest {
    const seller = this.pick(this.s.sellers);
    const m = this.pick(MODELS);
    const year = 2016 + Math.floor(this.random() * 11);
    const price = Math.max(500_000, Math.round((m.basePrice * 0.88 ** (2026 - year) * (0.85 + this.random() * 0.3)) / 10_000) * 10_000);
    return {
      route: 'listing: create', method: 'POST', path: '/api/vehicles', account: seller, address: seller.address,
      body: {
        title: `${year} ${m.brand} ${m.model}`, description: `${year} ${m.brand} ${m.model}, foreign used, cleared with full papers. Inspection in ${this.pick(LISTING_LOCATIONS)} on weekdays.`,
        price, year, mileage: (2026 - year) * 9_000 + Math.floor(this.random() * 15_000), range: m.range, vehicleType: m.type, brand: m.brand, model: m.model,
        location: this.pick(LISTING_LOCATIONS), imageUrls: [seller.photo], batteryHealth: Math.max(70, 100 - (2026 - year) * 3), chargingType: m.charging,
      },
      idempotencyKey: `load-listing-${key(this.random)}`, expect: [201],
    };
  }

  /** A popular search: POPULAR_SEARCHES of them, asked with Zipf popularity (the k-th k times rarer than the first). */
  private popularSearch(): string {
    let r = this.random() * this.popularSum;
    let k = 0;
    while (r > this.popularWeights[k]! && k < this.popular.length - 1) r -= this.popularWeights[k++]!;
    return this.popular[k]!;
  }

  private popularSearches(): string[] {
    const random = seeded(2026);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const bands = [[0, 10_000_000], [5_000_000, 20_000_000], [20_000_000, 50_000_000], [50_000_000, undefined], [undefined, 15_000_000]] as const;
    const queries = new Set<string>();
    while (queries.size < POPULAR_SEARCHES) {
      const q = new URLSearchParams();
      if (random() < 0.45) q.set('location', pick(LISTING_LOCATIONS));
      if (random() < 0.35) q.set('brand', pick(MODELS).brand);
      if (random() < 0.25) q.set('vehicleType', pick(VEHICLE_TYPES));
      if (random() < 0.25) {
        const [min, max] = pick(bands);
        if (min !== undefined) q.set('minPrice', String(min));
        if (max !== undefined) q.set('maxPrice', String(max));
      }
      if (random() < 0.3) q.set('search', pick(TEXTS));
      if (random() < 0.4) q.set('sort', pick(SORTS));
      const page = random();
      if (page > 0.8) q.set('offset', String(24 * (1 + Math.floor(random() * (page > 0.97 ? 100 : 6)))));
      queries.add(q.toString());
    }
    return [...queries];
  }

  /**
   * A search nobody asked in this run of the bench: filters, a price band with the buyer's own
   * bounds (to ₦500,000), years, words, sorts and pages drawn afresh until the query is new.
   */
  private firstSeenSearch(): string {
    for (;;) {
      const q = new URLSearchParams();
      const m = this.pick(MODELS);
      if (this.random() < 0.5) q.set('location', this.pick(LISTING_LOCATIONS));
      const text = this.random();
      if (text < 0.3) q.set('brand', m.brand);
      else if (text < 0.45) { q.set('brand', m.brand); q.set('model', m.model); }
      else if (text < 0.7) q.set('search', this.pick(TEXTS));
      if (this.random() < 0.2) q.set('vehicleType', this.pick(VEHICLE_TYPES));
      if (this.random() < 0.6) {
        const min = Math.floor(this.random() * 40) * 500_000;
        if (this.random() < 0.7) q.set('minPrice', String(min));
        q.set('maxPrice', String(min + (1 + Math.floor(this.random() * 120)) * 500_000));
      }
      if (this.random() < 0.25) q.set('yearMin', String(2015 + Math.floor(this.random() * 10)));
      if (this.random() < 0.5) q.set('sort', this.pick(SORTS));
      if (this.random() < 0.15) q.set('offset', String(24 * (1 + Math.floor(this.random() * 10))));
      const query = q.toString();
      if (!this.asked.has(query)) return query;
    }
  }
}

const key = (random: () => number) => Math.floor(random() * 2 ** 48).toString(36).padStart(10, '0');
