import { addResources } from '../../lib/i18n';

/** Texts of the business card (the agent area's card page and /user/shangwu). */
const zh: Record<string, string> = {
  'bcard.agent': '代理名片',
  'bcard.myAgent': '我的代理 @{{username}}',
  'bcard.noName': '未填写名称',
  'bcard.phone': '电话',
  'bcard.wechat': '微信',
  'bcard.qq': 'QQ',
  'bcard.telegram': 'Telegram',
  'bcard.noContact': '暂未填写联系方式',
};

const en: Record<string, string> = {
  'bcard.agent': 'Agent card',
  'bcard.myAgent': 'My agent @{{username}}',
  'bcard.noName': 'No name yet',
  'bcard.phone': 'Phone',
  'bcard.wechat': 'WeChat',
  'bcard.qq': 'QQ',
  'bcard.telegram': 'Telegram',
  'bcard.noContact': 'No contact details yet',
};

addResources({ 'zh-CN': zh, en });

/** Both languages, for the completeness test. */
export const BUSINESS_CARD_TEXTS = { 'zh-CN': zh, en };
