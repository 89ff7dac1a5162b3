import { z } from 'zod';
import { defineCall, envelope } from './common.js';
import { password, str } from './fields.js';
import { uploadUrl } from './uploads.js';

/*
 * The player's own profile (docs/screens.md /user/gerenziliao, /user/gerenxiugai, /user/setting):
 * avatar, nickname, sex, birthday (once) and the login password. Each call acts on the
 * session's player only.
 */

/**
 * The preset avatars: static SVGs the web app serves from its public folder. An avatar is one
 * of these paths or the URL of the player's own upload of purpose `avatar`.
 */
export const PRESET_AVATARS = Array.from({ length: 8 }, (_, i) => `/avatars/preset-${i + 1}.svg`);

export const isPresetAvatar = (value: string): boolean => PRESET_AVATARS.includes(value);

export const avatar = str().refine((v) => isPresetAvatar(v) || uploadUrl.safeParse(v).success, 'avatar.invalid');

/** 2–16 characters once trimmed (letters of any script, digits, symbols; no control characters). */
export const nickname = str()
  .trim()
  .refine((v) => [...v].length >= 2 && [...v].length <= 16, 'nickname.length');

export const sexes = ['male', 'female', 'unspecified'] as const;
export const sex = z.enum(sexes, { error: 'sex.invalid' });
export type Sex = z.infer<typeof sex>;

/** A calendar date YYYY-MM-DD that exists (2023-02-30 does not). */
export const birthday = str()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date.format')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'date.format');

/** Players must be this old (docs/design.md §8). */
export const MIN_AGE = 18;

/** Full years between a birthday and a day (both YYYY-MM-DD). */
export function ageOn(birthdayDate: string, day: string): number {
  const [by, bm, bd] = birthdayDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Why a birthday cannot be stored on `today` (the site's date): a message key, or null when it
 * may. The server and the form both ask this.
 */
export function birthdayProblem(birthdayDate: string, today: string): 'birthday.future' | 'birthday.adult' | null {
  if (birthdayDate > today) return 'birthday.future';
  if (ageOn(birthdayDate, today) < MIN_AGE) return 'birthday.adult';
  return null;
}

const done = envelope(z.object({}));

export const changeAvatar = defineCall({
  method: 'POST',
  path: '/user/edit/changeAvatar',
  auth: true,
  request: z.strictObject({ avatar }),
  response: done,
});

export const changeNickname = defineCall({
  method: 'POST',
  path: '/user/edit/changeNickname',
  auth: true,
  request: z.strictObject({ nickname }),
  response: done,
});

export const changeSex = defineCall({
  method: 'POST',
  path: '/user/edit/changeSex',
  auth: true,
  request: z.strictObject({ sex }),
  response: done,
});

/** Once only: a second change is 409. The player must be 18 or older; not a future date. */
export const changeBirthday = defineCall({
  method: 'POST',
  path: '/user/edit/changeBirthday',
  auth: true,
  request: z.strictObject({ birthday }),
  response: done,
});

/** Needs the current password; ends every other session of the player (this one stays). */
export const changePasswordRequest = z.strictObject({
  oldPassword: str().min(1, 'required').max(64, 'too_long'),
  password,
});

export const changePassword = defineCall({
  method: 'POST',
  path: '/user/edit/changePassword',
  auth: true,
  request: changePasswordRequest,
  response: envelope(z.object({ sessionsEnded: z.number().int() })),
});
