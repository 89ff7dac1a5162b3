import type { hub88 } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { ProviderRow } from './tables.js';

/** What every wallet call works with: the app, the provider that signed it, the site currency. */
export interface WalletCall {
  ctx: AppContext;
  provider: ProviderRow;
  currency: string;
}

export type Refused = Exclude<hub88.Hub88Status, 'RS_OK'>;
