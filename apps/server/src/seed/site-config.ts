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
    },
    now,
  );
}
