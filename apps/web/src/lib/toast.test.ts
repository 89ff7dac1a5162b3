import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearToasts, errorText, showToast } from './toast';
import { ApiError } from './http';

describe('toast', () => {
  it('antd-mobile Toast renders on React 19 (unstableSetRender is set up)', async () => {
    await showToast('请先登录');
    expect(await screen.findByText('请先登录')).toBeTruthy();
    await clearToasts();
  });
  it('error texts', () => {
    expect(errorText(new ApiError(409, '用户名已被注册'))).toBe('用户名已被注册');
    expect(errorText(new ApiError(0, 'timeout'))).toBe('请求超时，请稍后重试');
    expect(errorText(new Error('x'))).toBe('网络异常，请检查网络后重试');
  });
});
