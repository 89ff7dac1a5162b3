import { addResources } from '../../lib/i18n';
import '../../lib/route-titles';

/** Texts of /user/share and /user/shareSetting. */
const zh: Record<string, string> = {
  'share.headline': '邀请好友一起玩 {{site}}',
  'share.intro': '好友通过您的链接或邀请码注册，成为您的直属成员，您按其有效投注获得佣金。',
  'share.qrLabel': '邀请二维码',
  'share.saveQr': '保存二维码',
  'share.qrSaved': '二维码已保存',
  'share.qrSaveFailed': '无法保存图片，请长按二维码截图保存',
  'share.code': '邀请码',
  'share.link': '邀请链接',
  'share.using': '当前使用',
  'share.defaultLink': '默认链接',
  'share.linkOf': '链接 {{code}}',
  'share.month': '本月推广数据',
  'share.month.invited': '邀请人数',
  'share.month.firstDeposits': '首充人数',
  'share.month.validBet': '好友有效投注',
  'share.month.commission': '本月佣金',
  'share.toAgent': '进入代理中心',
  'share.kind.member': '会员链接',
  'share.kind.agent': '代理链接',
  'share.game.taiqiu': '台球',
  'share.game.slots': '电子',
  'share.game.poker': '棋牌',
  'share.setting.intro': '选择「分享赚钱」页面展示的邀请链接和二维码。',
  'share.setting.defaultText': '您的邀请码，注册为普通会员',
  'share.setting.expires': '{{at}} 到期',
  'share.setting.none': '您还没有可用的推广链接，可在代理中心创建带返佣比例的链接。',
  'share.setting.addLink': '创建推广链接',
  'share.setting.done': '已切换分享链接',
};

const en: Record<string, string> = {
  'share.headline': 'Invite friends to {{site}}',
  'share.intro':
    'Friends who register with your link or code become your direct members, and you earn commission on their valid bets.',
  'share.qrLabel': 'Invite QR code',
  'share.saveQr': 'Save QR code',
  'share.qrSaved': 'QR code saved',
  'share.qrSaveFailed': 'Could not save the image; take a screenshot instead',
  'share.code': 'Code',
  'share.link': 'Link',
  'share.using': 'Sharing',
  'share.defaultLink': 'Default link',
  'share.linkOf': 'Link {{code}}',
  'share.month': 'This month',
  'share.month.invited': 'Invited',
  'share.month.firstDeposits': 'First deposits',
  'share.month.validBet': 'Their valid bet',
  'share.month.commission': 'Commission this month',
  'share.toAgent': 'Open the agent centre',
  'share.kind.member': 'Member link',
  'share.kind.agent': 'Agent link',
  'share.game.taiqiu': 'Billiards',
  'share.game.slots': 'Slots',
  'share.game.poker': 'Poker',
  'share.setting.intro': 'Choose the invite link and QR code the Invite & earn page shows.',
  'share.setting.defaultText': 'Your invite code: registers plain members',
  'share.setting.expires': 'expires {{at}}',
  'share.setting.none': 'You have no working invite links yet; make one with its own rates in the agent centre.',
  'share.setting.addLink': 'Create an invite link',
  'share.setting.done': 'Share link changed',
};

addResources({ 'zh-CN': zh, en });

/** Both languages, for the completeness test. */
export const SHARE_TEXTS = { 'zh-CN': zh, en };
