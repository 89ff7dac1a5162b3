import { afterEach, describe, expect, it } from 'vitest';
import { PARLAY_STORAGE_KEY, readStoredLegs, useParlay, type ParlayPick } from './parlay-store';
import { pick } from './test-fixtures';

const legs = () => useParlay.getState().legs;
const add = (p: ParlayPick, max = 10) => useParlay.getState().add(p, max);

describe('the parlay store', () => {
  afterEach(() => {
    useParlay.getState().clear();
    sessionStorage.clear();
  });

  it('adds picks of different matches in order', () => {
    expect(add(pick(1))).toBe('added');
    expect(add(pick(2))).toBe('added');
    expect(legs().map((l) => l.matchId)).toEqual([1, 2]);
  });

  it('keeps one pick per match: a second pick of a match takes the first one’s place', () => {
    add(pick(1));
    add(pick(2));
    expect(add(pick(1, 199, 2.4))).toBe('replaced');
    expect(legs().map((l) => [l.matchId, l.selectionId, l.odds])).toEqual([
      [1, 199, 2.4],
      [2, 201, 1.8],
    ]);
    expect(add(pick(1, 199, 2.4))).toBe('exists');
    expect(legs()).toHaveLength(2);
  });

  it('removes a match’s pick and sets a leg’s odds', () => {
    add(pick(1));
    add(pick(2));
    add(pick(3));
    useParlay.getState().remove(2);
    useParlay.getState().setOdds(3, 2.25);
    expect(legs().map((l) => [l.matchId, l.odds])).toEqual([
      [1, 1.8],
      [3, 2.25],
    ]);
  });

  it('takes at most maxLegs matches, but still replaces a pick of a match it holds', () => {
    add(pick(1), 2);
    add(pick(2), 2);
    expect(add(pick(3), 2)).toBe('full');
    expect(legs().map((l) => l.matchId)).toEqual([1, 2]);
    expect(add(pick(2, 299), 2)).toBe('replaced');
  });

  it('keeps the legs in sessionStorage (a reload reads them back) and forgets them when cleared', () => {
    add(pick(1));
    add(pick(2, 202, 2.05));
    expect(readStoredLegs()).toEqual([pick(1), pick(2, 202, 2.05)]);
    useParlay.getState().clear();
    expect(sessionStorage.getItem(PARLAY_STORAGE_KEY)).toBeNull();
    expect(readStoredLegs()).toEqual([]);
  });

  it('reads nothing from an unreadable or foreign value', () => {
    sessionStorage.setItem(PARLAY_STORAGE_KEY, '{not json');
    expect(readStoredLegs()).toEqual([]);
    sessionStorage.setItem(PARLAY_STORAGE_KEY, JSON.stringify([{ matchId: 'x' }, pick(4)]));
    expect(readStoredLegs()).toEqual([pick(4)]);
  });
});
