import { AccountAddPage } from './account-add';
import { AccountListPage } from './account-list';
import './accounts.css';

/**
 * The eight pages of the withdrawal methods, one lazy module (one chunk) for all: each is the
 * shared list or add page driven by its type's config (account-types.ts).
 */
export const BdusdtPage = () => <AccountListPage type="usdt" />;
export const UsdtaddPage = () => <AccountAddPage type="usdt" />;
export const WeixinqukuanPage = () => <AccountListPage type="wechat" />;
export const WeixinaddPage = () => <AccountAddPage type="wechat" />;
export const YhkqukuanPage = () => <AccountListPage type="bank" />;
export const YhkaddPage = () => <AccountAddPage type="bank" />;
export const ZfbqukuanPage = () => <AccountListPage type="alipay" />;
export const ZfbaddPage = () => <AccountAddPage type="alipay" />;
