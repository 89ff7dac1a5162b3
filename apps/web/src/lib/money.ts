// Money display and arithmetic are the contracts' (one copy for server and app); this module
// only gives the app's default currency symbol. The `/money` entry has no zod, so start-up can use it.
import { formatMoney as format } from '@breakshot/contracts/money';

/** Integer minor units (fen/cents) → '¥1,234.56' (two decimals, thousands separators, sign first). */
export const formatMoney = (minor: number, symbol = '¥'): string => format(minor, symbol);
