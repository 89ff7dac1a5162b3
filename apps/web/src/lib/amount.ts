/**
 * Amount inputs: what the player types (yuan, at most two decimals) ↔ integer minor units.
 * String arithmetic, no floats.
 */
export function parseAmountInput(text: string): number | null {
  const s = text.trim();
  const m = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const units = Number(m[1]);
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  return units * 100 + cents;
}

/** Minor units → input text: '1234' or '1234.5' style with two decimals when there are cents. */
export function toAmountInput(minor: number): string {
  const units = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(units) : `${units}.${String(cents).padStart(2, '0')}`;
}

/** Keeps only what an amount may contain while typing (digits and one dot, two decimals). */
export function cleanAmountTyping(text: string): string {
  const s = text.replace(/[^\d.]/g, '');
  const [int = '', ...rest] = s.split('.');
  if (rest.length === 0) return int;
  return `${int}.${rest.join('').slice(0, 2)}`;
}
