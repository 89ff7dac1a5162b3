/* Masks for identifiers shown to others or in lists (withdrawal accounts, the wheel's winners). */

/** Mobile 138****8000, e-mail a***@example.com, other logins first 2 and last 2. */
export function maskLogin(s: string): string {
  if (/^1\d{10}$/.test(s)) return `${s.slice(0, 3)}****${s.slice(-4)}`;
  const at = s.indexOf('@');
  if (at > 0) return `${s[0]}***${s.slice(at)}`;
  if (s.length <= 4) return '*'.repeat(s.length);
  return `${s.slice(0, 2)}****${s.slice(-2)}`;
}
