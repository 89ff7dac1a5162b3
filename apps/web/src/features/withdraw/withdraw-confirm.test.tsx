import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery as render } from '../../test/render';
import { WithdrawConfirm } from './withdraw-confirm';

describe('withdraw confirm dialog', () => {
  it('shows the amount, the fee and the net the player receives', async () => {
    const onConfirm = vi.fn();
    render(
      <WithdrawConfirm
        visible
        amount={100_000}
        rules={{ feeRateBps: 150, feeMinAmount: 200 }}
        accountText="USDT TJRabP…Tv8"
        busy={false}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    expect((await screen.findByTestId('confirm-amount')).textContent).toBe('¥1,000.00');
    expect(screen.getByTestId('confirm-fee').textContent).toBe('¥15.00');
    expect(screen.getByTestId('confirm-net').textContent).toBe('¥985.00');
    fireEvent.click(screen.getByTestId('confirm-withdraw'));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('uses the minimum fee for small amounts and locks its buttons while submitting', async () => {
    render(
      <WithdrawConfirm
        visible
        amount={10_000}
        rules={{ feeRateBps: 150, feeMinAmount: 200 }}
        accountText="x"
        busy
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect((await screen.findByTestId('confirm-fee')).textContent).toBe('¥2.00');
    expect(screen.getByTestId('confirm-net').textContent).toBe('¥98.00');
    expect((screen.getByTestId('confirm-withdraw') as HTMLButtonElement).disabled).toBe(true);
  });
});
