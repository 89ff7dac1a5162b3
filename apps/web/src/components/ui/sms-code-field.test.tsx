import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import type * as ToastModule from '../../lib/toast';
import { SmsCodeField } from './sms-code-field';

vi.mock('../../lib/toast', async (original) => ({
  ...(await original<typeof ToastModule>()),
  showToast: vi.fn(async () => {}),
}));

function Harness({ onSend }: { onSend: () => Promise<boolean> }) {
  const [code, setCode] = useState('');
  return <SmsCodeField value={code} onValue={setCode} onSend={onSend} />;
}

const button = () => screen.getByTestId('sms-code-send') as HTMLButtonElement;

async function press() {
  await act(async () => {
    fireEvent.click(button());
  });
}

async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('SmsCodeField', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after a send, counts 60 s down with the button off, then offers to send again', async () => {
    const onSend = vi.fn(async () => true);
    render(<Harness onSend={onSend} />);
    expect(button().textContent).toBe('获取验证码');
    await press();
    expect(onSend).toHaveBeenCalledOnce();
    expect(button().textContent).toBe('60 秒后重发');
    expect(button().disabled).toBe(true);
    await wait(1_000);
    expect(button().textContent).toBe('59 秒后重发');
    fireEvent.click(button());
    expect(onSend).toHaveBeenCalledOnce();
    await wait(58_000);
    expect(button().textContent).toBe('1 秒后重发');
    await wait(1_000);
    expect(button().textContent).toBe('重新获取');
    expect(button().disabled).toBe(false);
    await press();
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('a send the caller refuses starts no countdown', async () => {
    render(<Harness onSend={async () => false} />);
    await press();
    expect(button().textContent).toBe('获取验证码');
    expect(button().disabled).toBe(false);
  });

  it('the server’s refusal shows under the field; a 429 counts down its retryAfter', async () => {
    const onSend = vi.fn(async (): Promise<boolean> => {
      throw new ApiError(429, '请 17 秒后再获取验证码', { retryAfter: 17 });
    });
    render(<Harness onSend={onSend} />);
    await press();
    expect(screen.getByRole('alert').textContent).toBe('请 17 秒后再获取验证码');
    expect(button().textContent).toBe('17 秒后重发');
    await wait(17_000);
    expect(button().textContent).toBe('获取验证码');
  });

  it('a failed send (provider down) starts no countdown and says why', async () => {
    render(
      <Harness
        onSend={async () => {
          throw new ApiError(422, '短信发送失败，请稍后再试');
        }}
      />,
    );
    await press();
    expect(screen.getByRole('alert').textContent).toBe('短信发送失败，请稍后再试');
    expect(button().disabled).toBe(false);
  });

  it('keeps only digits, at most six', () => {
    render(<Harness onSend={async () => true} />);
    const input = screen.getByTestId('sms-code-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a34 5678' } });
    expect(input.value).toBe('123456');
  });
});
