import type { content } from '@breakshot/contracts';

/*
 * The demo site's help centre (/user/bangzhu) and about pages (/user/guanyu), in Chinese and
 * English. Written to match how the site works (docs/design.md §8): change them with the rules.
 */

export interface SeedPage {
  key: string;
  zh: { title: string; body: string };
  en: { title: string; body: string };
}

export interface SeedHelpEntry extends SeedPage {
  category: content.HelpCategory;
}

export const HELP_ENTRIES: SeedHelpEntry[] = [
  {
    key: 'help_deposit_how',
    category: 'deposit',
    zh: {
      title: '如何充值？',
      body: `<p>登录后点击首页或“我的”中的<strong>充值</strong>：</p><ol><li>选择充值方式（支付宝、微信、银行卡、USDT 等）；</li><li>输入或点选金额，金额须在该方式的单笔限额内；</li><li>点击“立即充值”，按页面提示完成付款。</li></ol><p>在线支付成功后一般即时到账；银行卡转账与 USDT 由财务核对后入账。订单 30 分钟内未付款将自动关闭，请勿向已关闭的订单付款。</p>`,
    },
    en: {
      title: 'How do I deposit?',
      body: `<p>After logging in, tap <strong>Deposit</strong> on the home page or under Me:</p><ol><li>choose a method (Alipay, WeChat, bank card, USDT…);</li><li>enter or pick an amount within the method’s limits;</li><li>tap “Deposit now” and pay as the page shows.</li></ol><p>Online payments are usually credited at once; bank transfers and USDT are credited once finance has matched them. An order not paid within 30 minutes closes: never pay into a closed order.</p>`,
    },
  },
  {
    key: 'help_deposit_missing',
    category: 'deposit',
    zh: {
      title: '已付款但余额没有增加怎么办？',
      body: `<p>请先在“充值记录”中查看订单状态：</p><ul><li><strong>待支付</strong>：支付平台尚未通知到账，通常几分钟内完成，请稍候刷新；</li><li><strong>已过期</strong>：若您在过期前已付款，请联系在线客服并提供订单号与付款截图；</li><li><strong>已到账</strong>：余额已增加，可在资金明细中查看该笔记录。</li></ul><p>转账时请务必按订单金额付款，金额不符的订单需人工核对，到账会延迟。</p>`,
    },
    en: {
      title: 'I paid but my balance did not go up',
      body: `<p>Look up the order in the deposit records first:</p><ul><li><strong>Pending</strong>: the payment provider has not confirmed yet; this usually takes a few minutes, refresh later;</li><li><strong>Expired</strong>: if you paid before it expired, contact customer service with the order number and a screenshot of the payment;</li><li><strong>Credited</strong>: the balance went up; the entry is in the fund details.</li></ul><p>Always pay exactly the order’s amount: an order paid with another amount is checked by hand and credited later.</p>`,
    },
  },
  {
    key: 'help_deposit_turnover',
    category: 'deposit',
    zh: {
      title: '充值后为什么需要流水才能提款？',
      body: `<p>为防止洗钱与恶意套利，每笔充值会增加等额的<strong>流水要求</strong>（打码量，默认 1 倍）；领取的优惠与奖励按各自倍数增加流水要求。</p><p>您的每笔有效投注都会抵扣流水要求，剩余流水为 0 时即可提款。剩余流水可在取款页面查看。</p>`,
    },
    en: {
      title: 'Why must I bet before withdrawing a deposit?',
      body: `<p>To prevent money laundering and abuse, every deposit adds the same amount to your <strong>turnover requirement</strong> (1× by default); bonuses and rewards add their amount times their own multiple.</p><p>Every valid bet reduces what is left; once it reaches 0 you can withdraw. The withdrawal page shows what is left.</p>`,
    },
  },
  {
    key: 'help_withdraw_how',
    category: 'withdrawal',
    zh: {
      title: '如何提款？',
      body: `<ol><li>首次提款前，请在“我的 - 安全设置”中设置 6 位数字<strong>资金密码</strong>；</li><li>在“取款账户”中绑定收款账户（银行卡、支付宝、微信或 USDT 地址）；</li><li>进入<strong>取款</strong>，选择账户、输入金额与资金密码后提交。</li></ol><p>提交后金额即被冻结，审核通过并出款后从冻结中扣除；若被驳回，冻结金额会全额退回余额，并显示驳回原因。</p>`,
    },
    en: {
      title: 'How do I withdraw?',
      body: `<ol><li>Before your first withdrawal, set a 6-digit <strong>fund password</strong> under Me › Security;</li><li>bind a payout account (bank card, Alipay, WeChat or a USDT address) under Withdrawal accounts;</li><li>open <strong>Withdraw</strong>, choose the account, enter the amount and your fund password, and submit.</li></ol><p>The amount is frozen at once and paid out after review; if the request is rejected, the frozen amount returns to your balance in full and the reason is shown.</p>`,
    },
  },
  {
    key: 'help_withdraw_time',
    category: 'withdrawal',
    zh: {
      title: '提款多久到账？有什么限制？',
      body: `<ul><li>提款一般在 5–30 分钟内审核出款，高峰期或大额提款可能需要更长时间，大额提款需两位财务人员复核；</li><li>单笔最低 100 元、最高 50,000 元，手续费以取款页面显示为准；</li><li>每日提款次数按 VIP 等级而定，VIP0 每日 3 次；</li><li>提款前剩余流水须为 0。</li></ul><p>USDT 提款按链上确认时间到账，请确认地址与网络（TRC20/ERC20）一致。</p>`,
    },
    en: {
      title: 'How long does a withdrawal take, and what are the limits?',
      body: `<ul><li>Withdrawals are usually reviewed and paid within 5–30 minutes; at busy times or for large amounts it can take longer, and large amounts are approved by two finance staff;</li><li>the minimum is 100.00 and the maximum 50,000.00 per withdrawal; the fee, if any, shows on the withdrawal page;</li><li>the number of withdrawals a day depends on your VIP level (VIP0: 3 a day);</li><li>the turnover left must be 0.</li></ul><p>USDT payouts arrive after the network confirms them: make sure the address and the network (TRC20/ERC20) match.</p>`,
    },
  },
  {
    key: 'help_withdraw_rejected',
    category: 'withdrawal',
    zh: {
      title: '提款被驳回了怎么办？',
      body: `<p>被驳回的提款金额已全额退回您的余额，驳回原因显示在提款详情中。常见原因：收款账户信息与实名不符、账户存在风险或流水未完成。请按原因修改后重新提交，如有疑问请联系在线客服。</p>`,
    },
    en: {
      title: 'My withdrawal was rejected',
      body: `<p>The whole amount of a rejected withdrawal is back in your balance, and the reason shows in the withdrawal’s details. Common reasons: the payout account does not match your real name, a risk check on the account, or turnover not yet met. Fix what the reason says and submit again, or contact customer service.</p>`,
    },
  },
  {
    key: 'help_account_fund_password',
    category: 'account',
    zh: {
      title: '什么是资金密码？忘记了怎么办？',
      body: `<p>资金密码是 6 位数字，用于提款和绑定收款账户，与登录密码分开保管，请勿设置为生日或连续数字。</p><p>连续输错 5 次，提款将锁定 15 分钟。忘记资金密码时，可在“安全设置”中通过已绑定手机的短信验证码重设。</p>`,
    },
    en: {
      title: 'What is the fund password, and what if I forget it?',
      body: `<p>The fund password is 6 digits that you enter to withdraw and to bind payout accounts; keep it apart from your login password and avoid birthdays or runs of digits.</p><p>After 5 wrong tries, withdrawals lock for 15 minutes. If you forget it, reset it under Security with an SMS code sent to your bound mobile.</p>`,
    },
  },
  {
    key: 'help_account_bind',
    category: 'account',
    zh: {
      title: '如何绑定银行卡、支付宝、微信或 USDT 地址？',
      body: `<p>进入“我的 - 取款账户”，选择类型后填写信息并输入资金密码：</p><ul><li>银行卡：开户行、持卡人姓名、卡号与开户支行；</li><li>支付宝、微信：账号与实名（微信需上传收款码）；</li><li>USDT：网络（TRC20 或 ERC20）与地址，可加备注。</li></ul><p>每种类型最多绑定 5 个，可设一个为默认。收款人姓名须与您本人一致，否则提款可能被驳回。</p>`,
    },
    en: {
      title: 'How do I bind a bank card, Alipay, WeChat or a USDT address?',
      body: `<p>Open Me › Withdrawal accounts, choose the type, fill in its details and enter your fund password:</p><ul><li>bank card: bank, holder name, card number and branch;</li><li>Alipay and WeChat: account and real name (WeChat also takes your payment QR code);</li><li>USDT: network (TRC20 or ERC20) and address, with an optional alias.</li></ul><p>Up to 5 of each type; one can be the default. The payee must be you, or the withdrawal may be rejected.</p>`,
    },
  },
  {
    key: 'help_account_security',
    category: 'account',
    zh: {
      title: '如何保护账户安全？',
      body: `<ul><li>登录密码 8–20 位，须同时包含字母和数字，请定期更换；</li><li>绑定手机，用于找回密码与重设资金密码；</li><li>修改登录密码后，其他设备上的登录会全部退出；</li><li>平台工作人员不会向您索要密码或验证码。</li></ul>`,
    },
    en: {
      title: 'How do I keep my account safe?',
      body: `<ul><li>Your login password has 8–20 characters with letters and digits; change it from time to time;</li><li>bind your mobile to recover your password and reset the fund password;</li><li>changing your login password logs out every other device;</li><li>our staff never ask for your passwords or verification codes.</li></ul>`,
    },
  },
  {
    key: 'help_betting_valid_bet',
    category: 'betting',
    zh: {
      title: '什么是有效投注？',
      body: `<p>有效投注是已结算（赢或输）注单的投注金额，用于抵扣流水、计算返水、VIP 升级与代理佣金。</p><ul><li>作废、走盘、退款的注单有效投注为 0；</li><li>赔率低于 1.5 的注单，有效投注取投注金额与输赢金额中较小者。</li></ul><p>详见<a href="/user/touzhugiuze">投注规则</a>。</p>`,
    },
    en: {
      title: 'What is a valid bet?',
      body: `<p>A valid bet is the stake of a bet settled as won or lost. It reduces your turnover requirement and counts for rebates, VIP levels and agent commission.</p><ul><li>Void, pushed and refunded bets count 0;</li><li>for a bet at odds below 1.5, the smaller of the stake and the amount won or lost counts.</li></ul><p>See the <a href="/user/touzhugiuze">betting rules</a>.</p>`,
    },
  },
  {
    key: 'help_betting_rebate',
    category: 'betting',
    zh: {
      title: '返水怎么计算、怎么领取？',
      body: `<p>每笔有效投注实时累计返水：返水 = 未返水的有效投注 × 返水比例，比例按 VIP 等级与游戏类型而定（见“返水比例”）。</p><p>在“返水”页点击“一键领取”即可到账，满 1 元可领，每 10 分钟可领取一次。领取记录可在“返水记录”中查看。</p>`,
    },
    en: {
      title: 'How are rebates worked out and claimed?',
      body: `<p>Every valid bet accrues rebate in real time: rebate = valid bet not yet rebated × the rate for your VIP level and the game type (see the rebate rates).</p><p>On the Rebate page tap “Claim all”: from 1.00, once every 10 minutes. Past claims are in the rebate records.</p>`,
    },
  },
  {
    key: 'help_betting_live',
    category: 'betting',
    zh: {
      title: '台球滚球投注时赔率变了怎么办？',
      body: `<p>比赛进行中赔率会随比分变化，每局结束时盘口短暂暂停。确认投注时若赔率已变，注单不会成立并提示新赔率；勾选“接受赔率变化”后将按最新赔率成立。注单一经确认不可撤销。详见<a href="/taiqiuguize">台球投注规则</a>。</p>`,
    },
    en: {
      title: 'The odds changed while I was betting live',
      body: `<p>During a match the odds follow the score, and markets pause briefly at the end of every frame. If the odds changed when you confirm, the bet is not placed and the new odds are shown; tick “accept odds changes” to be placed at the latest odds. A confirmed bet cannot be withdrawn. See the <a href="/taiqiuguize">billiards rules</a>.</p>`,
    },
  },
  {
    key: 'help_agent_invite',
    category: 'agent',
    zh: {
      title: '如何邀请好友、成为代理？',
      body: `<p>每位会员都有专属邀请码与推广链接，在“分享”页面复制链接或保存二维码发给好友。好友通过您的链接注册后即成为您的直属会员，归属在注册时确定，之后不可更改。</p>`,
    },
    en: {
      title: 'How do I invite friends and become an agent?',
      body: `<p>Every member has an invite code and link: copy the link or save the QR code on the Share page and send it to friends. A friend who registers through your link becomes your direct member; this is fixed at registration and cannot change later.</p>`,
    },
  },
  {
    key: 'help_agent_commission',
    category: 'agent',
    zh: {
      title: '代理佣金与分红如何计算？',
      body: `<ul><li><strong>佣金</strong>（每日）：按团队成员的有效投注 × 您的佣金比例计算，多级代理按级差分配，即上级获得自己比例与下级比例之差；</li><li><strong>分红</strong>（每周）：按团队净输额扣除返水、优惠与手续费后乘以分红比例计算，负数结转至下期。</li></ul><p>佣金与分红结算后直接计入余额，明细可在代理中心查看。</p>`,
    },
    en: {
      title: 'How are agent commission and dividends worked out?',
      body: `<ul><li><strong>Commission</strong> (daily): your team’s valid bets × your commission rate; across levels each agent earns the difference between its rate and the rate of the agent below it;</li><li><strong>Dividend</strong> (weekly): the team’s net loss minus its rebates, bonuses and fees, times your dividend ratio; a negative week carries over to the next.</li></ul><p>Both are paid into your balance when settled; the agent centre shows the details.</p>`,
    },
  },
];

export const ABOUT_PAGES: SeedPage[] = [
  {
    key: 'terms',
    zh: {
      title: '服务条款',
      body: `<h3>一、接受条款</h3><p>注册或使用本平台即表示您已年满 18 周岁，并同意本条款及投注规则。若您所在地区禁止在线投注，请勿使用本服务。</p><h3>二、账户</h3><ul><li>每人仅限一个账户，账户信息须真实；收款账户须为本人所有。</li><li>您须妥善保管登录密码与资金密码，因您泄露密码造成的损失由您自行承担。</li></ul><h3>三、资金</h3><ul><li>充值须完成相应流水后方可提款；优惠与奖励按各自规则发放，可能附带流水要求与有效期。</li><li>平台可对异常交易进行审核，审核期间相关提款将暂缓处理。</li></ul><h3>四、禁止行为</h3><p>禁止利用系统漏洞、多账户、对冲套利、洗钱或任何欺诈行为。一经查实，平台有权取消相关注单与收益、冻结或关闭账户。</p><h3>五、条款变更</h3><p>平台可能更新本条款，更新后在本页公布并自公布时生效。</p>`,
    },
    en: {
      title: 'Terms of service',
      body: `<h3>1. Acceptance</h3><p>By registering or using this site you confirm you are 18 or older and accept these terms and the betting rules. Do not use the service where online betting is not allowed.</p><h3>2. Accounts</h3><ul><li>One account per person, with true details; payout accounts must be your own.</li><li>Keep your login and fund passwords safe; losses from passwords you disclosed are your own.</li></ul><h3>3. Funds</h3><ul><li>Deposits must be turned over before withdrawal; bonuses and rewards follow their own rules and may carry turnover and an expiry.</li><li>Unusual transactions may be reviewed, and related withdrawals wait until the review ends.</li></ul><h3>4. Forbidden conduct</h3><p>Exploiting faults, multiple accounts, arbitrage, money laundering and any fraud are forbidden. Where proven, the bets and winnings concerned may be cancelled and the account frozen or closed.</p><h3>5. Changes</h3><p>These terms may be updated; changes are published on this page and apply from publication.</p>`,
    },
  },
  {
    key: 'privacy',
    zh: {
      title: '隐私政策',
      body: `<h3>我们收集的信息</h3><p>用户名、密码（仅保存加密后的摘要）、绑定的手机号、收款账户、交易与投注记录，以及登录时的 IP 地址与设备信息。</p><h3>用途</h3><ul><li>提供充值、提款、投注与客服等服务；</li><li>账户安全、防止欺诈与洗钱；</li><li>依法履行监管与审计义务。</li></ul><h3>保护与保存</h3><p>数据通过加密连接传输，仅授权人员按职责访问，操作均有审计记录。交易记录按监管要求保存。</p><h3>您的权利</h3><p>您可以查看和修改个人资料；如需查询或删除数据，请联系在线客服。我们不会出售您的个人信息。</p>`,
    },
    en: {
      title: 'Privacy policy',
      body: `<h3>What we collect</h3><p>Your username, password (only a hash of it is kept), bound mobile, payout accounts, transaction and bet records, and the IP address and device of each login.</p><h3>What for</h3><ul><li>To provide deposits, withdrawals, betting and support;</li><li>to keep accounts safe and prevent fraud and money laundering;</li><li>to meet our legal, regulatory and audit duties.</li></ul><h3>Protection and retention</h3><p>Data travels over encrypted connections and only authorised staff see it, as their work requires; their actions are audited. Transaction records are kept as regulation requires.</p><h3>Your rights</h3><p>You can view and change your profile; to ask about or delete your data, contact customer service. We never sell your personal information.</p>`,
    },
  },
  {
    key: 'responsible_gaming',
    zh: {
      title: '理性投注',
      body: `<p>投注应是娱乐而非赚钱的途径。本平台仅向年满 18 周岁的用户提供服务。</p><h3>我们提供的工具</h3><ul><li><strong>充值限额</strong>：在“设置 - 理性投注”中设置每日、每周、每月充值上限，降低立即生效，提高 24 小时后生效；</li><li><strong>暂停账户</strong>：选择 7、30 或 90 天自我禁止，期间无法登录，且不可提前解除；</li><li><strong>时长提醒</strong>：定时提醒您已游戏的时间。</li></ul><h3>请留意这些信号</h3><ul><li>投注金额超出自己的承受能力，或借钱投注；</li><li>试图通过加大投注追回损失；</li><li>因投注影响工作、学习或家庭。</li></ul><p>如有需要，请联系在线客服协助设置限额，或向专业的戒赌辅导机构求助。</p>`,
    },
    en: {
      title: 'Responsible gaming',
      body: `<p>Betting should be entertainment, not a way to make money. This service is for adults aged 18 or over only.</p><h3>Tools we offer</h3><ul><li><strong>Deposit limits</strong>: set daily, weekly and monthly limits under Settings › Responsible gaming; a lower limit applies at once, a higher one after 24 hours;</li><li><strong>Take a break</strong>: self-exclude for 7, 30 or 90 days; you cannot log in until it ends and it cannot be undone early;</li><li><strong>Reality reminder</strong>: a regular reminder of how long you have played.</li></ul><h3>Warning signs</h3><ul><li>Betting more than you can afford, or borrowing to bet;</li><li>raising stakes to win back losses;</li><li>betting getting in the way of work, study or family.</li></ul><p>If you need help, customer service can set limits with you, or contact a professional problem-gambling support service.</p>`,
    },
  },
  {
    key: 'licence',
    zh: {
      title: '牌照信息',
      body: `<p>本站为演示站点，展示在线投注平台的功能，不接受真实资金。</p><p>正式运营的站点须持有其经营地监管机构颁发的博彩牌照，并在此公布牌照编号、颁发机构与有效期，以便用户核实。运营方应遵守当地关于反洗钱、未成年人保护与理性投注的规定。</p>`,
    },
    en: {
      title: 'Licence',
      body: `<p>This is a demonstration site showing the features of an online betting platform; it takes no real money.</p><p>A live site must hold a gaming licence from the regulator where it operates and publish here the licence number, the issuing authority and its validity, so that players can check it. The operator must follow local rules on anti-money laundering, protection of minors and responsible gaming.</p>`,
    },
  },
];
