import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ReasonField } from './reason-field';

describe('ReasonField', () => {
  it('sends a reason typed over several lines as one line (the server takes no line breaks)', async () => {
    const submit = vi.fn();
    render(
      <Form onFinish={submit}>
        <ReasonField label="原因" required="请填写原因" />
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '收款地址\n与实名\r\n不符' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ reason: '收款地址 与实名 不符' }));
  });

  it('requires a reason unless optional', async () => {
    const submit = vi.fn();
    render(
      <Form onFinish={submit}>
        <ReasonField label="原因" required="请填写原因" />
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请填写原因')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });
});
