/* Masks for identifiers shown to others or in lists (withdrawal accounts, the wheel's winners). */

/** Mobile 138****8000, e-mail a***@example.com, other logins first 2 and last 2. */
export function maskLogin(s: string): string {
  if (/^1\d{10}$/.test(s)) return `${s.slice(0, 3)}****${s.slice(-4)}`;
  const at = s.indexOf('@');
  if (at > 0) return `${s[0]}***${s.slice(at)}`;
  if (s.length <= 4) return '*'.repeat(s.length);
  return `${s.slice(0, 2)}****${s.slice(-2)}`;
}

/**
 * A client (ipKey) as shown to the account's owner: where from, not who. IPv4 without its last
 * number (203.0.113.*), an IPv6 client by its first three groups (2001:db8:1:*).
 */
export function maskIp(client: string): string {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(client)) return `${client.slice(0, client.lastIndexOf('.'))}.*`;
  if (client.includes(':')) return `${client.split(':').slice(0, 3).join(':')}:*`;
  return '*';
}
