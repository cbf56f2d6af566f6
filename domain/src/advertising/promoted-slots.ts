/**
 * Promoted slots (Kijiji Autos' Top Ads): each page of search results carries a few labelled slots,
 * filled in turn from the running boosts that match the same search, while every boosted listing also
 * keeps its own place in the buyer's chosen order. Which boost takes a slot is a rotation, not a race
 * for the top: each boost of a tier comes round once per turn of its tier, whatever its age, and the
 * tiers share the slots by weight.
 */
import { type BoostTier, PACKAGES } from './packages.js';

/**
 * A boost's share of the promoted slots, against a Basic Boost's. `/advertise` sells 2x, 5x and 10x
 * the impressions of an unboosted listing at the same place (each package's `visibility`): a boosted
 * listing keeps that place, so its slots must add 1, 4 and 9 times what the place gives it. Sharing
 * the slots 1 : 4 : 9 keeps the tiers in that ratio; `npm run bench:promoted` measures the multipliers
 * a day of searches gives, and /advertise shows what the market's own impressions measured.
 */
export const PROMOTED_WEIGHTS: Readonly<Record<BoostTier, number>> = Object.fromEntries(
  Object.values(PACKAGES).map((p) => [p.tier, p.visibility - 1]),
) as Record<BoostTier, number>;

/** How many promoted slots a page of search results carries unless configured otherwise. */
export const DEFAULT_PROMOTED_SLOTS = 2;

/** A running boost that may fill a slot. */
export interface Promotable {
  readonly id: number;
  readonly tier: number;
}

/**
 * Where a listing comes round in its tier's turn: a hash of its id, so that turns neither follow age
 * (ids grow as listings are made) nor move when other boosts start or end.
 */
export const turnKey = (id: number): number => Math.imul(id ^ 0x5bd1e995, 0x9e3779b1) >>> 0;

/** A search's running boosts, each tier in turn order: built once per search whenever its boosts are read. */
export class PromotedRings {
  private readonly rings = new Map<number, { ids: number[]; keys: number[] }>();

  constructor(boosts: readonly Promotable[]) {
    const byTier = new Map<number, Promotable[]>();
    for (const b of boosts) {
      if (!(b.tier in PROMOTED_WEIGHTS)) continue;
      byTier.set(b.tier, [...(byTier.get(b.tier) ?? []), b]);
    }
    for (const [tier, tierBoosts] of byTier) {
      const ordered = tierBoosts.map((b) => ({ id: b.id, key: turnKey(b.id) })).sort((a, b) => a.key - b.key || a.id - b.id);
      this.rings.set(tier, { ids: ordered.map((b) => b.id), keys: ordered.map((b) => b.key) });
    }
  }

  /** The same turns, of these tiers only (the home page's featured spots take Ultimate Exposure alone). */
  only(tiers: readonly number[]): PromotedRings {
    const some = new PromotedRings([]);
    for (const tier of tiers) {
      const ring = this.rings.get(tier);
      if (ring) some.rings.set(tier, ring);
    }
    return some;
  }

  /** How many boosts of a tier take turns. */
  size(tier: number): number {
    return this.rings.get(tier)?.ids.length ?? 0;
  }

  get tiers(): number[] {
    return [...this.rings.keys()];
  }

  /** The boost of a tier whose turn comes after `lastKey` (the first of the ring past the end). */
  after(tier: number, lastKey: number | undefined): { id: number; key: number } | null {
    const ring = this.rings.get(tier);
    if (!ring || ring.ids.length === 0) return null;
    let lo = 0;
    let hi = ring.keys.length;
    if (lastKey !== undefined) {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ring.keys[mid]! <= lastKey) lo = mid + 1;
        else hi = mid;
      }
    }
    const at = lastKey === undefined || lo === ring.keys.length ? 0 : lo;
    return { id: ring.ids[at]!, key: ring.keys[at]! };
  }
}

/**
 * Where a search's rotation stands: each tier's credit (smooth weighted round robin between tiers) and
 * the turn key of the boost of each tier shown last. Kept per search, across pages and readers.
 */
export interface PromotionRotation {
  credit: Map<number, number>;
  last: Map<number, number>;
}

export const newPromotionRotation = (): PromotionRotation => ({ credit: new Map(), last: new Map() });

/**
 * Fills a page's promoted slots and moves the rotation on. Tiers take slots in proportion to their
 * boosts times their weight (smooth weighted round robin: the same share in every stretch of pages,
 * not only on average); within a tier, boosts come in turn order, each once per turn. A page never
 * shows one boost twice: a tier whose turn comes back to a boost already on the page gives its slot
 * to another tier, and with too few boosts the page has fewer slots.
 */
export function drawPromoted(rotation: PromotionRotation, rings: PromotedRings, slots: number): Promotable[] {
  const drawn: Promotable[] = [];
  const onPage = new Set<number>();
  const open = new Set(rings.tiers);
  while (drawn.length < slots && open.size > 0) {
    const weights = [...open].map((tier) => [tier, rings.size(tier) * (PROMOTED_WEIGHTS[tier as BoostTier] ?? 0)] as const);
    const total = weights.reduce((sum, [, w]) => sum + w, 0);
    let chosen = weights[0]![0];
    let best = -Infinity;
    for (const [tier, weight] of weights) {
      const credit = (rotation.credit.get(tier) ?? 0) + weight;
      rotation.credit.set(tier, credit);
      if (credit > best) [chosen, best] = [tier, credit];
    }
    rotation.credit.set(chosen, best - total);
    const next = rings.after(chosen, rotation.last.get(chosen));
    if (!next || onPage.has(next.id)) {
      // This tier has no boost left for this page: the pick is undone, so it keeps its share for the next.
      rotation.credit.set(chosen, best - weights.find(([tier]) => tier === chosen)![1]);
      for (const [tier, weight] of weights) if (tier !== chosen) rotation.credit.set(tier, rotation.credit.get(tier)! - weight);
      open.delete(chosen);
      continue;
    }
    rotation.last.set(chosen, next.key);
    onPage.add(next.id);
    drawn.push({ id: next.id, tier: chosen });
  }
  return drawn;
}
