import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateFilter } from './date-filter';
import { presetRange, type DateRange } from './date-range';

const TZ = 'Asia/Shanghai';
const NOW = new Date('2026-03-03T17:30:00Z'); // 2026-03-04 in Shanghai

function setup(value: DateRange = presetRange('month', NOW, TZ)) {
  const onChange = vi.fn();
  render(<DateFilter value={value} onChange={onChange} timeZone={TZ} now={() => NOW} />);
  return onChange;
}

describe('DateFilter', () => {
  it('shows the six presets and reports the chosen range in the site zone', () => {
    const onChange = setup();
    expect(screen.getAllByRole('radio').map((b) => b.textContent)).toEqual([
      '今天',
      '昨天',
      '本周',
      '本月',
      '上月',
      '自定义',
    ]);
    fireEvent.click(screen.getByText('昨天'));
    expect(onChange).toHaveBeenLastCalledWith({ preset: 'yesterday', from: '2026-03-03', to: '2026-03-03' });
    fireEvent.click(screen.getByText('上月'));
    expect(onChange).toHaveBeenLastCalledWith({ preset: 'lastMonth', from: '2026-02-01', to: '2026-02-28' });
  });

  it('custom: a range over 90 days is refused with a message; a valid one is applied', () => {
    const onChange = setup();
    fireEvent.click(screen.getByText('自定义'));
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2025-11-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByTestId('date-apply'));
    expect(screen.getByRole('alert').textContent).toBe('自定义范围最多 90 天');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByTestId('date-apply'));
    expect(onChange).toHaveBeenCalledWith({ preset: 'custom', from: '2026-02-01', to: '2026-03-01' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
