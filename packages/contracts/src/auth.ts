import { z } from 'zod';
import { defineCall, empty, envelope, isoTime, money } from './common.js';
import { captchaCode, captchaId, inviteCode, password, str, username } from './fields.js';
import { sex } from './profile.js';

const tokenData = envelope(z.object({ token: z.string() }));

export const captchaGetCode = defineCall({
  method: 'POST',
  path: '/captcha/getCode',
  auth: false,
  request: empty,
  response: envelope(z.object({ captchaId: z.string(), image: z.string() })),
});

export const captchaCheckCode = defineCall({
  method: 'POST',
  path: '/captcha/checkCode',
  auth: false,
  request: z.object({ captchaId, captchaCode }).strict(),
  response: envelope(z.object({})),
});

export const registerRequest = z
  .object({
    username,
    password,
    captchaId,
    captchaCode,
    inviteCode: inviteCode.optional(),
  })
  .strict();

export const register = defineCall({
  method: 'POST',
  path: '/register',
  auth: false,
  request: registerRequest,
  response: tokenData,
});

export const loginRequest = z
  .object({
    username: str().min(1, 'required').max(32, 'too_long'),
    password: str().min(1, 'required').max(64, 'too_long'),
    captchaId,
    captchaCode,
  })
  .strict();

export const login = defineCall({
  method: 'POST',
  path: '/login',
  auth: false,
  request: loginRequest,
  response: tokenData,
});

export const userInfoData = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  balance: money,
  frozen: money,
  vipLevel: z.number().int(),
  /** Masked (138****8000), null when none is bound. */
  mobile: z.string().nullable(),
  inviteCode: z.string(),
  hasFundPassword: z.boolean(),
  createdAt: isoTime,
  sex,
  /** YYYY-MM-DD; null until set (it can be set once). */
  birthday: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const userInfo = defineCall({
  method: 'POST',
  path: '/user/info',
  auth: true,
  request: empty,
  response: envelope(userInfoData),
});

export const userLogout = defineCall({
  method: 'POST',
  path: '/user/logout',
  auth: true,
  request: empty,
  response: envelope(z.object({})),
});

/** One-use token, valid 60 s, for `GET /ws?token=` (DESIGN.md §6). */
export const getWss = defineCall({
  method: 'POST',
  path: '/getWss',
  auth: true,
  request: empty,
  response: tokenData,
});
