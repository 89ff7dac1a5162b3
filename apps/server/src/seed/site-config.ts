import type { Conn } from '../platform/db.js';
import { updateSysConfig } from '../modules/system/service.js';

/** The demo site's settings. */
export async function seedSiteConfig(db: Conn, now: Date): Promise<void> {
  await updateSysConfig(
    db,
    {
      siteName: 'Breakshot',
      currency: 'CNY',
      currencySymbol: '¥',
      timeZone: 'Asia/Shanghai',
      // None until an operator sets one (the console's pages section): the entry stays hidden.
      serviceUrl: '',
      registerEnabled: true,
      inviteCodeRequired: false,
      contact: {
        email: 'business@breakshot.example',
        phone: '+86 400 800 1234',
        telegram: '@breakshot_business',
        wechat: 'breakshot_bd',
        qq: '800012345',
      },
    },
    now,
  );
}
