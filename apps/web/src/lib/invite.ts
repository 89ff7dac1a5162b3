/** The invite code of an invite link, kept for the session so /register prefills and locks it. */
const KEY = 'invite_code';
const VALID = /^[A-Za-z0-9]{1,16}$/;

export function isValidInviteCode(code: string): boolean {
  return VALID.test(code);
}

export function rememberInviteCode(code: string | null | undefined): void {
  if (code && VALID.test(code)) {
    try {
      sessionStorage.setItem(KEY, code);
    } catch {
      /* storage unavailable */
    }
  }
}

export function rememberedInviteCode(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The invite link of a code as players open it: `<site>/<code>`. */
export const inviteUrl = (code: string): string => `${window.location.origin}/${code}`;
