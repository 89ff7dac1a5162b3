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
      serviceUrl: 'https://help.breakshot.example/chat',
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
