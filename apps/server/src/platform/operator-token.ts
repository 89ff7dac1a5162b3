import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a presented token is the operator's (constant time); never true without a token. */
export function operatorTokenCheck(token: string | undefined): (given: string | undefined) => boolean {
  const expected = token ? digest(token) : null;
  return (given) => !!expected && !!given && timingSafeEqual(digest(given), expected);
}
