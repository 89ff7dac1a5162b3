import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import ShimingrenzhengPage from './shimingrenzheng-page';

const none = {
  status: 'none',
  realName: null,
  idMasked: null,
  rejectReason: null,
  submittedAt: null,
  reviewedAt: null,
  requiredAmount: 500_000,
};
const pending = {
  ...none,
  status: 'pending',
  realName: '张三',
  idMasked: '110***********002X',
  submittedAt: '2026-03-01T08:00:00Z',
};
const FRONT = '/api/v9/files/FrontFrontFrontFrontFr.png';
const BACK = '/api/v9/files/BackBackBackBackBackBa.png';

afterEach(cleanup);

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(`${testId}-input`), { target: { value } });
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;

describe('/user/shimingrenzheng', () => {
  it('before the first submission: the amount that needs it, the form checks the ID number and sends the photos', async () => {
    let photo = 0;
    const api = fakeApi({
      '/user/kyc/status': () => ({ code: 200, data: none }),
      '/upload': () => {
        photo += 1;
        return { code: 200, data: { id: 'x', url: photo === 1 ? FRONT : BACK } };
      },
      '/user/kyc/submit': () => ({ code: 200, data: pending }),
    });
    renderAt(<ShimingrenzhengPage />);
    expect((await screen.findByTestId('kyc-status')).textContent).toBe('未认证');
    expect(screen.getByTestId('kyc-required').textContent).toBe('单笔提款超过 ¥5,000.00 需先完成实名认证');

    await act(async () => fireEvent.click(screen.getByTestId('kyc-submit')));
    expect(errorOf('kyc-front')).toBe('请上传照片');
    expect(api.count('/user/kyc/submit')).toBe(0);

    type('kyc-name', '张三');
    type('kyc-id', '110105194912310021');
    expect(errorOf('kyc-id')).toBe('须为 18 位居民身份证号码（最后一位可为 X），请核对');
    type('kyc-id', '11010519491231002x');
    expect(errorOf('kyc-id')).toBeUndefined();

    fireEvent.change(screen.getByTestId('kyc-front-file'), { target: { files: [png('front.png')] } });
    await waitFor(() => expect(screen.getByAltText('身份证人像面').getAttribute('src')).toBe(FRONT));
    fireEvent.change(screen.getByTestId('kyc-back-file'), { target: { files: [png('back.png')] } });
    await waitFor(() => expect(screen.getByAltText('身份证国徽面').getAttribute('src')).toBe(BACK));
    expect(api.bodies('/upload')).toMatchObject([{ purpose: 'kyc_front' }, { purpose: 'kyc_back' }]);

    await act(async () => fireEvent.click(screen.getByTestId('kyc-submit')));
    expect(api.bodies('/user/kyc/submit')).toEqual([
      { realName: '张三', idNumber: '11010519491231002x', frontImage: FRONT, backImage: BACK },
    ]);
    expect((await screen.findByTestId('kyc-status')).textContent).toBe('审核中');
    expect(screen.getByTestId('kyc-shown-id').textContent).toBe('110***********002X');
  });

  it('rejected: the reason, and the form to send it again', async () => {
    fakeApi({
      '/user/kyc/status': () => ({
        code: 200,
        data: { ...pending, status: 'rejected', rejectReason: '照片模糊', reviewedAt: '2026-03-01T09:00:00Z' },
      }),
    });
    renderAt(<ShimingrenzhengPage />);
    expect((await screen.findByTestId('kyc-rejected')).textContent).toContain('原因：照片模糊');
    expect(screen.getByTestId('kyc-form')).toBeTruthy();
  });

  it('approved: the verified name and the masked ID, no form', async () => {
    fakeApi({
      '/user/kyc/status': () => ({
        code: 200,
        data: { ...pending, status: 'approved', reviewedAt: '2026-03-01T09:00:00Z' },
      }),
    });
    renderAt(<ShimingrenzhengPage />);
    expect((await screen.findByTestId('kyc-status')).textContent).toBe('已认证');
    expect(screen.getByTestId('kyc-shown-name').textContent).toBe('张三');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    fakeApi({ '/user/kyc/status': () => ({ code: 500, msg: 'boom', data: null }) });
    renderAt(<ShimingrenzhengPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('重试')).toBeTruthy();
  });
});
