import { describe, expect, it } from 'vitest';
import { sourceLink } from './ledger-labels';

describe('fund details: where an entry came from', () => {
  it('a bet line links to that bet on its game type page', () => {
    expect(sourceLink({ table: 'bets', id: '26010112000012345678', context: 'taiqiu' })).toBe(
      '/user/touzhuDetails/taiqiu?betNo=26010112000012345678',
    );
    // Without a known game type the bet records are the nearest page.
    expect(sourceLink({ table: 'bets', id: '1', context: null })).toBe('/user/touzhulogs');
  });

  it('orders link to their details; other sources have no page', () => {
    expect(sourceLink({ table: 'deposit_orders', id: 'D1' })).toBe('/user/cunkuanDetails?orderNo=D1');
    expect(sourceLink({ table: 'withdrawal_orders', id: 'W1' })).toBe('/user/qukuanDetails?orderNo=W1');
    expect(sourceLink({ table: 'admin_audit', id: '3' })).toBeNull();
  });
});
