import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister, type RegisterValues } from './form-validation';

const ok: RegisterValues = {
  username: 'player01',
  password: 'secret123',
  confirmPassword: 'secret123',
  captchaCode: '2468',
  inviteCode: '',
  terms: true,
};

describe('register form validation (contract schema)', () => {
  it('accepts a valid form, with or without invite code', () => {
    expect(validateRegister(ok, 'zh-CN')).toEqual({});
    expect(validateRegister({ ...ok, inviteCode: 'ABC123' }, 'zh-CN')).toEqual({});
  });

  it('username: 6–16 letters/digits', () => {
    expect(validateRegister({ ...ok, username: 'abcde' }, 'zh-CN').username).toBe('须为 6–16 位');
    expect(validateRegister({ ...ok, username: 'a'.repeat(17) }, 'zh-CN').username).toBe('须为 6–16 位');
    expect(validateRegister({ ...ok, username: 'abc-def' }, 'zh-CN').username).toBe('只能包含字母和数字');
    expect(validateRegister({ ...ok, username: 'abcdef' }, 'zh-CN').username).toBeUndefined();
  });

  it('password: 8–20 with letters and digits; confirm must match', () => {
    expect(validateRegister({ ...ok, password: 'a1', confirmPassword: 'a1' }, 'zh-CN').password).toBe('须为 8–20 位');
    expect(validateRegister({ ...ok, password: 'abcdefgh', confirmPassword: 'abcdefgh' }, 'zh-CN').password).toBe(
      '须同时包含字母和数字',
    );
    expect(validateRegister({ ...ok, password: '12345678', confirmPassword: '12345678' }, 'zh-CN').password).toBe(
      '须同时包含字母和数字',
    );
    expect(validateRegister({ ...ok, confirmPassword: 'secret124' }, 'zh-CN').confirmPassword).toBe(
      '两次输入的密码不一致',
    );
    expect(validateRegister({ ...ok, password: 'x', confirmPassword: 'y' }, 'en').confirmPassword).toBe(
      'passwords do not match',
    );
  });

  it('captcha required, invite code format, 18+ box required', () => {
    expect(validateRegister({ ...ok, captchaCode: '' }, 'zh-CN').captchaCode).toBe('必填');
    expect(validateRegister({ ...ok, inviteCode: 'AB-1' }, 'zh-CN').inviteCode).toBe('格式不正确');
    expect(validateRegister({ ...ok, terms: false }, 'zh-CN').terms).toBe('请确认已满 18 岁并同意条款');
    expect(validateRegister({ ...ok, terms: false }, 'en').terms).toBe(
      'confirm you are 18 or older and accept the terms',
    );
  });

  it('invite code required when the site config says so', () => {
    expect(validateRegister(ok, 'zh-CN', { inviteRequired: true }).inviteCode).toBe('必填');
  });

  it('login form requires every field', () => {
    expect(validateLogin({ username: '', password: '', captchaCode: '' }, 'zh-CN')).toEqual({
      username: '必填',
      password: '必填',
      captchaCode: '必填',
    });
    expect(validateLogin({ username: 'u', password: 'p', captchaCode: 'c' }, 'zh-CN')).toEqual({});
  });
});
