import { describe, expect, it } from 'vitest';
import { drawPromoted, newPromotionRotation, type Promotable, PromotedRings, PROMOTED_WEIGHTS } from '../src/index.js';

/** Slots each boost got over `pages` pages of `slots` slots, drawn from one rotation. */
function shares(boosts: Promotable[], pages: number, slots = 2, rotation = newPromotionRotation()): Map<number, number> {
  const rings = new PromotedRings(boosts);
  const shown = new Map<number, number>(boosts.map((b) => [b.id, 0]));
  for (let i = 0; i < pages; i++) for (const b of drawPromoted(rotation, rings, slots)) shown.set(b.id, shown.get(b.id)! + 1);
  return shown;
}

const boostsOf = (tier: number, ids: number[]): Promotable[] => ids.map((id) => ({ id, tier }));

describe('promoted slots', () => {
  it('give each tier slots in proportion to its boosts times its weight (1 : 4 : 9)', () => {
    const boosts = [...boostsOf(1, [1, 2, 3]), ...boostsOf(2, [4, 5, 6]), ...boostsOf(3, [7, 8, 9])];
    const shown = shares(boosts, 1_400);
    const perTier = (tier: number) => boosts.filter((b) => b.tier === tier).reduce((n, b) => n + shown.get(b.id)!, 0);
    // 2,800 slots over weights 3 × (1 + 4 + 9) = 42: 200, 800 and 1,800, to within a slot.
    expect(Math.abs(perTier(1) - 200)).toBeLessThanOrEqual(1);
    expect(Math.abs(perTier(2) - 800)).toBeLessThanOrEqual(1);
    expect(Math.abs(perTier(3) - 1_800)).toBeLessThanOrEqual(1);
    expect(PROMOTED_WEIGHTS).toEqual({ 1: 1, 2: 4, 3: 9 });
  });

  it('give every boost of a tier the same share within ±20% over 1,000 pages, the oldest and the newest alike', () => {
    // Ids grow with age: 1 is the oldest listing, 40 the newest.
    const boosts = [...boostsOf(3, Array.from({ length: 40 }, (_, i) => i + 1)), ...boostsOf(1, [100, 101])];
    const shown = shares(boosts, 1_000);
    const ultimate = boosts.filter((b) => b.tier === 3).map((b) => shown.get(b.id)!);
    const mean = ultimate.reduce((a, b) => a + b, 0) / ultimate.length;
    expect(mean).toBeGreaterThan(40);
    for (const n of ultimate) expect(Math.abs(n - mean) / mean).toBeLessThanOrEqual(0.2);
    // Round robin within the tier: the shares differ by one slot at most.
    expect(Math.max(...ultimate) - Math.min(...ultimate)).toBeLessThanOrEqual(1);
  });

  it('never put one listing twice on a page, and leave slots empty rather than repeat', () => {
    const rotation = newPromotionRotation();
    const rings = new PromotedRings(boostsOf(3, [42]));
    for (let i = 0; i < 5; i++) expect(drawPromoted(rotation, rings, 2)).toEqual([{ id: 42, tier: 3 }]);
    const few = new PromotedRings([...boostsOf(3, [1]), ...boostsOf(1, [2])]);
    for (let i = 0; i < 20; i++) {
      const page = drawPromoted(rotation, few, 3).map((b) => b.id);
      expect(page.sort()).toEqual([1, 2]);
    }
    expect(drawPromoted(rotation, new PromotedRings([]), 2)).toEqual([]);
  });

  it('keep every page\'s draw fresh: consecutive pages of one search show different boosts while the tier has more', () => {
    const rotation = newPromotionRotation();
    const rings = new PromotedRings(boostsOf(2, [10, 11, 12, 13, 14, 15]));
    const pages = [0, 1, 2].map(() => drawPromoted(rotation, rings, 2).map((b) => b.id));
    expect(new Set(pages.flat()).size).toBe(6);
  });

  it('go on where they stopped when the boosts are read again, and let a new boost take its turn within one round', () => {
    const rotation = newPromotionRotation();
    const old = boostsOf(3, [1, 2, 3, 4, 5]);
    const first = drawPromoted(rotation, new PromotedRings(old), 2).map((b) => b.id);
    // Read again (a refresh of the search's boosts): the turn continues, the first two wait for the next round.
    const second = drawPromoted(rotation, new PromotedRings(old), 2).map((b) => b.id);
    expect(second.some((id) => first.includes(id))).toBe(false);
    // A new boost joins: within the next round of six turns it is shown, once.
    const withNew = new PromotedRings([...old, { id: 999, tier: 3 }]);
    const round = [0, 1, 2].flatMap(() => drawPromoted(rotation, withNew, 2).map((b) => b.id));
    expect(round.filter((id) => id === 999)).toHaveLength(1);
    expect(new Set(round).size).toBe(6);
  });

  it('leave out tiers that are not sold (an unknown tier never takes a slot)', () => {
    const rings = new PromotedRings([{ id: 1, tier: 7 }, { id: 2, tier: 0 }]);
    expect(drawPromoted(newPromotionRotation(), rings, 2)).toEqual([]);
  });
});
