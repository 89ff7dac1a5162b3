/**
 * Texts that both sides show: validation messages (the keys used in the schemas),
 * field labels (so a 400 names the field in the user's language) and the server's errors.
 */
export type Lang = 'zh-CN' | 'en';

type Dict = Record<string, { 'zh-CN': string; en: string }>;

export const validationMessages = {
  required: { 'zh-CN': '必填', en: 'is required' },
  invalid_type: { 'zh-CN': '格式不正确', en: 'has the wrong type' },
  too_long: { 'zh-CN': '过长', en: 'is too long' },
  too_small: { 'zh-CN': '过小', en: 'is too small' },
  too_big: { 'zh-CN': '过大', en: 'is too big' },
  unrecognized_keys: { 'zh-CN': '包含未知字段', en: 'has unknown fields' },
  invalid: { 'zh-CN': '无效', en: 'is invalid' },
  'username.length': { 'zh-CN': '须为 6–16 位', en: 'must be 6–16 characters' },
  'username.format': { 'zh-CN': '只能包含字母和数字', en: 'may contain only letters and digits' },
  'password.length': { 'zh-CN': '须为 8–20 位', en: 'must be 8–20 characters' },
  'password.format': { 'zh-CN': '须同时包含字母和数字', en: 'must contain letters and digits' },
  'password.mismatch': { 'zh-CN': '两次输入的密码不一致', en: 'passwords do not match' },
  'inviteCode.format': { 'zh-CN': '格式不正确', en: 'is not a valid code' },
  'amount.integer': { 'zh-CN': '须为整数金额', en: 'must be a whole amount' },
  'amount.positive': { 'zh-CN': '须大于 0', en: 'must be more than 0' },
  'terms.required': { 'zh-CN': '请确认已满 18 岁并同意条款', en: 'confirm you are 18 or older and accept the terms' },
  'fundPassword.format': { 'zh-CN': '须为 6 位数字', en: 'must be 6 digits' },
  'operatorPassword.length': { 'zh-CN': '至少 12 位', en: 'must be at least 12 characters' },
  'operatorPassword.format': {
    'zh-CN': '须包含字母，以及数字或符号',
    en: 'must contain a letter and a digit or symbol',
  },
  'operatorName.format': {
    'zh-CN': '须为 3–32 位字母、数字、点、下划线或连字符',
    en: 'must be 3–32 letters, digits, dots, underscores or hyphens',
  },
  'totp.format': { 'zh-CN': '须为 6 位数字', en: 'must be 6 digits' },
  'spin.weights': { 'zh-CN': '至少一个奖品的权重须大于 0', en: 'at least one prize needs a weight above 0' },
  'withdrawType.invalid': {
    'zh-CN': '请选择 USDT、微信、银行卡或支付宝',
    en: 'must be USDT, WeChat, bank card or Alipay',
  },
  'usdt.network.invalid': { 'zh-CN': '请选择 TRC20 或 ERC20', en: 'must be TRC20 or ERC20' },
  'usdt.address.trc20': {
    'zh-CN': '不是有效的 TRC20 地址（T 开头，共 34 位）',
    en: 'is not a TRC20 address (T and 33 more characters)',
  },
  'usdt.address.erc20': {
    'zh-CN': '不是有效的 ERC20 地址（0x 开头，共 42 位）',
    en: 'is not an ERC20 address (0x and 40 hex digits)',
  },
  'bank.name.invalid': { 'zh-CN': '请从列表中选择银行', en: 'choose a bank from the list' },
  'bank.card.format': { 'zh-CN': '须为 12–19 位数字', en: 'must be 12–19 digits' },
  'bank.card.luhn': { 'zh-CN': '卡号有误，请核对', en: 'is not a valid card number' },
  'bank.branch.length': { 'zh-CN': '须为 2–60 个字', en: 'must be 2–60 characters' },
  'realName.format': { 'zh-CN': '须为 2–30 个汉字或字母', en: 'must be 2–30 letters' },
  'wechat.id.format': {
    'zh-CN': '须为 6–20 位字母、数字、_ 或 -，字母开头；或绑定的手机号',
    en: 'must be 6–20 letters, digits, _ or -, starting with a letter; or the bound mobile',
  },
  'alipay.account.format': { 'zh-CN': '须为手机号或邮箱', en: 'must be a mobile number or an e-mail address' },
  'url.format': { 'zh-CN': '不是有效的链接', en: 'is not a valid link' },
  'upload.url': { 'zh-CN': '不是已上传的图片', en: 'is not an uploaded image' },
  'withdrawStatus.invalid': { 'zh-CN': '状态无效', en: 'is not a known status' },
  'text.control': { 'zh-CN': '含有不允许的控制字符', en: 'contains control characters' },
  'date.range': { 'zh-CN': '须在 2000 年至 2099 年之间', en: 'must be between the years 2000 and 2099' },
  'date.format': { 'zh-CN': '日期格式须为 YYYY-MM-DD', en: 'must be a date YYYY-MM-DD' },
  'report.range': { 'zh-CN': '日期范围不能超过 90 天', en: 'must be at most 90 days after the start' },
  'report.order': { 'zh-CN': '须晚于开始时间', en: 'must be after the start' },
  'odds.format': { 'zh-CN': '须为大于 1 的赔率，最多三位小数', en: 'must be odds above 1 with at most three decimals' },
  'tiers.rising': { 'zh-CN': '各档门槛须逐档递增', en: 'each tier must start above the one before' },
  'promotion.ending': { 'zh-CN': '须为 2–6 位数字', en: 'must be 2–6 digits' },
  'promotion.period': { 'zh-CN': '结束时间须晚于开始时间', en: 'must be after the start' },
  'feedback.content.length': { 'zh-CN': '须为 10–500 个字', en: 'must be 10–500 characters' },
  'feedback.images.max': { 'zh-CN': '最多 3 张图片', en: 'may have at most 3 images' },
  'mobile.format': { 'zh-CN': '须为 11 位手机号（1 开头）', en: 'must be an 11-digit mainland mobile starting with 1' },
  'smsCode.format': { 'zh-CN': '须为 6 位数字', en: 'must be 6 digits' },
  'smsPurpose.invalid': { 'zh-CN': '用途无效', en: 'is not a known purpose' },
  // profile and responsible gaming
  'avatar.invalid': { 'zh-CN': '请选择预设头像或上传图片', en: 'must be a preset avatar or an uploaded image' },
  'nickname.length': { 'zh-CN': '须为 2–16 个字符', en: 'must be 2–16 characters' },
  'sex.invalid': { 'zh-CN': '请选择男、女或保密', en: 'must be male, female or unspecified' },
  'birthday.future': { 'zh-CN': '不能晚于今天', en: 'cannot be in the future' },
  'birthday.adult': { 'zh-CN': '须年满 18 周岁', en: 'must make you 18 or older' },
  'limits.days': { 'zh-CN': '请选择 7、30 或 90 天', en: 'must be 7, 30 or 90 days' },
  'limits.minutes': { 'zh-CN': '请选择 15、30、60 分钟或关闭', en: 'must be 15, 30 or 60 minutes, or off' },
} satisfies Dict;

export const fieldLabels = {
  // agents
  kind: { 'zh-CN': '类型', en: 'Type' },
  rates: { 'zh-CN': '返佣比例', en: 'Commission rates' },
  taiqiu: { 'zh-CN': '台球', en: 'Billiards' },
  slots: { 'zh-CN': '电子', en: 'Slots' },
  poker: { 'zh-CN': '棋牌', en: 'Poker' },
  dividendRatioBp: { 'zh-CN': '分红比例', en: 'Dividend ratio' },
  remark: { 'zh-CN': '备注', en: 'Remark' },
  validDays: { 'zh-CN': '有效天数', en: 'Valid days' },
  linkId: { 'zh-CN': '邀请链接', en: 'Invite link' },
  enabled: { 'zh-CN': '状态', en: 'Status' },
  visitor: { 'zh-CN': '访客', en: 'Visitor' },
  securityPassword: { 'zh-CN': '安全密码', en: 'Security password' },
  rechargePassword: { 'zh-CN': '充值密码', en: 'Recharge password' },
  loginPassword: { 'zh-CN': '登录密码', en: 'Login password' },
  newPassword: { 'zh-CN': '新密码', en: 'New password' },
  memberId: { 'zh-CN': '成员', en: 'Member' },
  scope: { 'zh-CN': '范围', en: 'Scope' },
  keyword: { 'zh-CN': '关键词', en: 'Keyword' },
  online: { 'zh-CN': '在线', en: 'Online' },
  deposited: { 'zh-CN': '已存款', en: 'Deposited' },
  order: { 'zh-CN': '顺序', en: 'Order' },
  displayName: { 'zh-CN': '名片名称', en: 'Display name' },
  wechat: { 'zh-CN': '微信', en: 'WeChat' },
  qq: { 'zh-CN': 'QQ', en: 'QQ' },
  telegram: { 'zh-CN': 'Telegram', en: 'Telegram' },
  phone: { 'zh-CN': '电话', en: 'Phone' },
  intro: { 'zh-CN': '简介', en: 'Introduction' },
  parentId: { 'zh-CN': '上级', en: 'Upline' },
  username: { 'zh-CN': '用户名', en: 'Username' },
  password: { 'zh-CN': '密码', en: 'Password' },
  confirmPassword: { 'zh-CN': '确认密码', en: 'Confirm password' },
  captchaId: { 'zh-CN': '验证码编号', en: 'Captcha id' },
  captchaCode: { 'zh-CN': '验证码', en: 'Captcha' },
  inviteCode: { 'zh-CN': '邀请码', en: 'Invite code' },
  page: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  amount: { 'zh-CN': '金额', en: 'Amount' },
  fundPassword: { 'zh-CN': '资金密码', en: 'Fund password' },
  oldFundPassword: { 'zh-CN': '原资金密码', en: 'Current fund password' },
  type: { 'zh-CN': '类型', en: 'Type' },
  network: { 'zh-CN': '网络', en: 'Network' },
  address: { 'zh-CN': '地址', en: 'Address' },
  alias: { 'zh-CN': '备注名', en: 'Alias' },
  wechatId: { 'zh-CN': '微信号', en: 'WeChat ID' },
  realName: { 'zh-CN': '真实姓名', en: 'Real name' },
  qrImage: { 'zh-CN': '收款码', en: 'QR code' },
  file: { 'zh-CN': '图片', en: 'Image' },
  purpose: { 'zh-CN': '用途', en: 'Purpose' },
  bankName: { 'zh-CN': '银行', en: 'Bank' },
  holder: { 'zh-CN': '持卡人', en: 'Card holder' },
  cardNumber: { 'zh-CN': '卡号', en: 'Card number' },
  branch: { 'zh-CN': '开户支行', en: 'Branch' },
  account: { 'zh-CN': '账号', en: 'Account' },
  id: { 'zh-CN': '编号', en: 'ID' },
  accountId: { 'zh-CN': '收款账户', en: 'Account' },
  orderNo: { 'zh-CN': '订单号', en: 'Order number' },
  status: { 'zh-CN': '状态', en: 'Status' },
  from: { 'zh-CN': '开始日期', en: 'From' },
  to: { 'zh-CN': '结束日期', en: 'To' },
  reason: { 'zh-CN': '原因', en: 'Reason' },
  requestId: { 'zh-CN': '请求编号', en: 'Request id' },
  code: { 'zh-CN': '验证码', en: 'Code' },
  role: { 'zh-CN': '角色', en: 'Role' },
  setupToken: { 'zh-CN': '绑定令牌', en: 'Setup token' },
  turnoverMultiple: { 'zh-CN': '流水倍数', en: 'Turnover multiple' },
  channelId: { 'zh-CN': '充值通道', en: 'Payment channel' },
  matchId: { 'zh-CN': '赛事', en: 'Match' },
  marketId: { 'zh-CN': '玩法', en: 'Market' },
  selectionId: { 'zh-CN': '投注项', en: 'Selection' },
  stake: { 'zh-CN': '投注金额', en: 'Stake' },
  odds: { 'zh-CN': '赔率', en: 'Odds' },
  acceptOddsChange: { 'zh-CN': '接受赔率变化', en: 'Accept odds changes' },
  gameType: { 'zh-CN': '游戏类型', en: 'Game type' },
  betNo: { 'zh-CN': '注单号', en: 'Bet number' },
  key: { 'zh-CN': '内容', en: 'Content' },
  playerA: { 'zh-CN': '选手 A', en: 'Player A' },
  playerB: { 'zh-CN': '选手 B', en: 'Player B' },
  bestOf: { 'zh-CN': '局制', en: 'Best of' },
  startAt: { 'zh-CN': '开赛时间', en: 'Start time' },
  frameWinA: { 'zh-CN': '选手 A 单局胜率', en: 'Player A frame win chance' },
  handicapLine: { 'zh-CN': '让局盘口', en: 'Handicap line' },
  totalLine: { 'zh-CN': '大小盘口', en: 'Total line' },
  minStake: { 'zh-CN': '最低投注', en: 'Minimum stake' },
  maxStake: { 'zh-CN': '最高投注', en: 'Maximum stake' },
  a: { 'zh-CN': '选手 A 局数', en: 'Player A frames' },
  b: { 'zh-CN': '选手 B 局数', en: 'Player B frames' },
  // inbox and feedback
  tab: { 'zh-CN': '分类', en: 'Tab' },
  ids: { 'zh-CN': '编号', en: 'IDs' },
  all: { 'zh-CN': '全部', en: 'All' },
  content: { 'zh-CN': '内容', en: 'Content' },
  images: { 'zh-CN': '图片', en: 'Images' },
  contact: { 'zh-CN': '联系方式', en: 'Contact' },
  audience: { 'zh-CN': '发送对象', en: 'Recipients' },
  reply: { 'zh-CN': '回复', en: 'Reply' },
  open: { 'zh-CN': '未回复', en: 'Unanswered' },
  title: { 'zh-CN': '标题', en: 'Title' },
  body: { 'zh-CN': '正文', en: 'Body' },
  titleEn: { 'zh-CN': '英文标题', en: 'English title' },
  bodyEn: { 'zh-CN': '英文正文', en: 'English body' },
  mobile: { 'zh-CN': '手机号', en: 'Mobile' },
  oldCode: { 'zh-CN': '原手机验证码', en: 'Code sent to the current mobile' },
  step: { 'zh-CN': '步骤', en: 'Step' },
  resetToken: { 'zh-CN': '重置凭证', en: 'Reset token' },
  // profile and responsible gaming
  avatar: { 'zh-CN': '头像', en: 'Avatar' },
  nickname: { 'zh-CN': '昵称', en: 'Nickname' },
  sex: { 'zh-CN': '性别', en: 'Sex' },
  birthday: { 'zh-CN': '生日', en: 'Birthday' },
  oldPassword: { 'zh-CN': '原密码', en: 'Current password' },
  // provider games
  gameCode: { 'zh-CN': '游戏', en: 'Game' },
  providerId: { 'zh-CN': '供应商', en: 'Provider' },
  gameTypes: { 'zh-CN': '游戏类型', en: 'Game types' },
  publicKey: { 'zh-CN': '公钥', en: 'Public key' },
  launchUrl: { 'zh-CN': '启动地址', en: 'Launch URL' },
  nameEn: { 'zh-CN': '英文名称', en: 'English name' },
  sort: { 'zh-CN': '排序', en: 'Sort order' },
  day: { 'zh-CN': '每日限额', en: 'Daily limit' },
  week: { 'zh-CN': '每周限额', en: 'Weekly limit' },
  month: { 'zh-CN': '每月限额', en: 'Monthly limit' },
  days: { 'zh-CN': '天数', en: 'Days' },
  minutes: { 'zh-CN': '提醒间隔', en: 'Reminder interval' },
} satisfies Dict;

export const serverErrors = {
  badRequest: { 'zh-CN': '请求格式不正确', en: 'The request is not valid' },
  unauthorized: { 'zh-CN': '请先登录', en: 'Please log in first' },
  sessionExpired: { 'zh-CN': '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  forbidden: { 'zh-CN': '无权操作', en: 'You are not allowed to do this' },
  notFound: { 'zh-CN': '内容不存在', en: 'Not found' },
  internal: { 'zh-CN': '服务器繁忙，请稍后再试', en: 'Something went wrong, please try again later' },
  tooManyRequests: { 'zh-CN': '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  captchaWrong: { 'zh-CN': '验证码错误，请重新输入', en: 'The captcha is wrong, please try again' },
  captchaExpired: { 'zh-CN': '验证码已失效，请刷新', en: 'The captcha has expired, please get a new one' },
  usernameTaken: { 'zh-CN': '用户名已被注册', en: 'This username is already taken' },
  inviteCodeUnknown: { 'zh-CN': '邀请码不存在', en: 'This invite code does not exist' },
  inviteCodeRequired: { 'zh-CN': '请填写邀请码', en: 'An invite code is required' },
  registerClosed: { 'zh-CN': '暂停注册', en: 'Registration is closed' },
  loginFailed: { 'zh-CN': '用户名或密码错误', en: 'Wrong username or password' },
  loginLocked: {
    'zh-CN': '密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong passwords, try again in {minutes} minutes',
  },
  accountDisabled: { 'zh-CN': '账号已停用', en: 'This account is disabled' },
  insufficientBalance: { 'zh-CN': '余额不足', en: 'Insufficient balance' },
  idempotencyConflict: {
    'zh-CN': '重复的请求编号，内容不一致',
    en: 'This request id was already used for a different request',
  },
  pendingResolved: { 'zh-CN': '该笔资金已处理，请刷新', en: 'This amount has already been settled, please refresh' },
  channelUnavailable: { 'zh-CN': '该充值通道暂不可用', en: 'This payment channel is not available' },
  channelClosed: {
    'zh-CN': '该通道服务时间为 {open}–{close}',
    en: 'This channel is open {open}–{close}',
  },
  amountOutOfRange: {
    'zh-CN': '充值金额须在 {min} 至 {max} 之间',
    en: 'The amount must be between {min} and {max}',
  },
  tooManyPendingDeposits: {
    'zh-CN': '未完成的充值订单已有 {count} 笔，请先支付或等待过期',
    en: 'You already have {count} unpaid orders; pay or let them expire first',
  },
  depositNotManual: { 'zh-CN': '该订单由支付通道自动确认', en: 'This order is confirmed by its gateway' },
  depositClosed: { 'zh-CN': '该订单已关闭', en: 'This order is closed' },
  passwordWrong: { 'zh-CN': '登录密码错误', en: 'The login password is wrong' },
  fundPasswordNotSet: { 'zh-CN': '请先设置资金密码', en: 'Please set a fund password first' },
  fundPasswordWrong: {
    'zh-CN': '资金密码错误，还可尝试 {left} 次',
    en: 'Wrong fund password, {left} attempts left',
  },
  fundPasswordLocked: {
    'zh-CN': '资金密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong fund passwords, try again in {minutes} minutes',
  },
  oldFundPasswordRequired: {
    'zh-CN': '修改资金密码需要输入原资金密码',
    en: 'Enter the current fund password to change it',
  },
  withdrawAccountLimit: { 'zh-CN': '该类型最多绑定 {max} 个账户', en: 'At most {max} accounts of this type' },
  withdrawAccountDuplicate: { 'zh-CN': '该账户已绑定', en: 'This account is already bound' },
  withdrawAccountNotFound: { 'zh-CN': '收款账户不存在', en: 'Withdrawal account not found' },
  usdtAddressMismatch: { 'zh-CN': '地址不是有效的 {network} 地址', en: 'The address is not a {network} address' },
  withdrawAccountNone: { 'zh-CN': '请先绑定该类型的收款账户', en: 'Bind an account of this type first' },
  withdrawOrderNotFound: { 'zh-CN': '提款订单不存在', en: 'Withdrawal order not found' },
  withdrawBelowMin: { 'zh-CN': '单笔最低提款 {min}', en: 'The minimum withdrawal is {min}' },
  withdrawAboveMax: { 'zh-CN': '单笔最高提款 {max}', en: 'The maximum withdrawal is {max}' },
  withdrawDailyLimit: {
    'zh-CN': '今日提款次数已用完（每日 {count} 次）',
    en: 'No withdrawals left today ({count} a day)',
  },
  withdrawTurnoverLeft: {
    'zh-CN': '还需完成流水 {left} 才能提款',
    en: 'Bet another {left} of turnover before withdrawing',
  },
  withdrawRequestReused: {
    'zh-CN': '此前提交的提款申请已成功，但内容与本次不同，请先查看提款记录',
    en: 'Your earlier withdrawal request went through with different details; check your withdrawals first',
  },
  orderStateChanged: {
    'zh-CN': '订单状态已变更（当前：{status}），请刷新',
    en: 'The order has changed (now: {status}), please refresh',
  },
  operatorLoginRequired: { 'zh-CN': '请先登录运营后台', en: 'Log in to the console first' },
  operatorSessionEnded: { 'zh-CN': '登录已过期，请重新登录', en: 'Your console session has ended; log in again' },
  adminTokenBrowser: {
    'zh-CN': '操作员令牌只能用于命令行，请用账号登录后台',
    en: 'The operator token is for the command line only; log in with your account',
  },
  operatorRoleRefused: { 'zh-CN': '您的角色无权进行此操作', en: 'Your role may not do this' },
  adminTokenWrong: { 'zh-CN': '操作员令牌错误', en: 'The operator token is wrong' },
  operatorLoginFailed: { 'zh-CN': '用户名或密码错误', en: 'Wrong username or password' },
  operatorLocked: {
    'zh-CN': '密码或验证码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong passwords or codes, try again in {minutes} minutes',
  },
  operatorDisabled: { 'zh-CN': '该操作员账号已停用', en: 'This operator account is disabled' },
  operatorTaken: { 'zh-CN': '该操作员用户名已存在', en: 'An operator with this username exists' },
  operatorNoSession: {
    'zh-CN': '此操作需要后台登录会话',
    en: 'This call needs a console session',
  },
  totpRequired: {
    'zh-CN': '请输入身份验证器中的 6 位验证码',
    en: 'Enter the 6-digit code from your authenticator app',
  },
  totpWrong: { 'zh-CN': '验证码错误', en: 'The code is wrong' },
  totpReplayed: {
    'zh-CN': '该验证码已使用过，请等待下一个验证码',
    en: 'This code has been used already; wait for the next one',
  },
  totpSetupEnded: {
    'zh-CN': '验证器绑定已过期，请重新登录',
    en: 'The authenticator setup has ended; log in again',
  },
  userNotFound: { 'zh-CN': '用户不存在', en: 'User not found' },
  matchNotFound: { 'zh-CN': '赛事不存在', en: 'Match not found' },
  marketNotFound: { 'zh-CN': '该玩法不存在', en: 'Market not found' },
  selectionNotFound: { 'zh-CN': '该投注项不属于此玩法', en: 'This selection is not part of the market' },
  matchNotOpen: {
    'zh-CN': '赛事已结束或已取消，不能投注',
    en: 'The match has ended or was cancelled; betting is closed',
  },
  marketSuspended: { 'zh-CN': '该玩法暂停投注，请稍后再试', en: 'This market is suspended, please try again shortly' },
  marketClosed: { 'zh-CN': '该玩法已封盘', en: 'This market is closed' },
  oddsChanged: {
    'zh-CN': '赔率已变为 {odds}，请确认后重新投注',
    en: 'The odds have changed to {odds}; please confirm and bet again',
  },
  betRequestReused: {
    'zh-CN': '此前提交的这笔投注已成功，但内容与本次不同，请先查看我的注单',
    en: 'Your earlier bet from this slip went through with different details; check your bets first',
  },
  stakeBelowMin: { 'zh-CN': '单注最低 {min}', en: 'The minimum stake is {min}' },
  stakeAboveMax: { 'zh-CN': '单注最高 {max}', en: 'The maximum stake is {max}' },
  betNotFound: { 'zh-CN': '注单不存在', en: 'Bet not found' },
  matchStateChanged: {
    'zh-CN': '赛事状态已变更（当前：{status}），请刷新',
    en: 'The match has changed (now: {status}), please refresh',
  },
  matchScoreInvalid: {
    'zh-CN': '比分无效：{bestOf} 局制须有一方赢满 {need} 局（比赛中的比分则双方都少于 {need} 局）',
    en: 'Invalid score: in a best of {bestOf} one side needs {need} frames (a live score has both below {need})',
  },
  stakeLimitsInvalid: { 'zh-CN': '最低投注不能高于最高投注', en: 'The minimum stake cannot be above the maximum' },
  noticeNotFound: { 'zh-CN': '公告不存在', en: 'Announcement not found' },
  contentNotFound: { 'zh-CN': '内容不存在', en: 'Content not found' },
  // uploads
  uploadMissing: { 'zh-CN': '请选择要上传的图片', en: 'Choose an image to upload' },
  uploadTooLarge: { 'zh-CN': '图片不能超过 {mb} MB', en: 'The image must not be larger than {mb} MB' },
  uploadType: { 'zh-CN': '只能上传 JPEG、PNG 或 WebP 图片', en: 'Only JPEG, PNG or WebP images can be uploaded' },
  uploadBroken: { 'zh-CN': '图片已损坏，无法读取', en: 'The image is damaged and cannot be read' },
  uploadNotYours: { 'zh-CN': '请重新上传图片', en: 'Please upload the image again' },
  uploadDailyLimit: {
    'zh-CN': '今天上传的图片已达 {max} 张，请明天再试',
    en: 'You have uploaded {max} images today; try again tomorrow',
  },
  // operator console
  operatorNotFound: { 'zh-CN': '操作员不存在', en: 'Operator not found' },
  operatorSelfDisable: { 'zh-CN': '不能停用自己的账号', en: 'You cannot disable your own account' },
  messageNotFound: { 'zh-CN': '消息不存在', en: 'Message not found' },
  feedbackNotFound: { 'zh-CN': '反馈不存在', en: 'Feedback not found' },
  feedbackAnswered: { 'zh-CN': '该反馈已回复', en: 'This feedback has been answered already' },
  feedbackDailyLimit: {
    'zh-CN': '今日反馈已达 {count} 条，请明天再提交',
    en: 'You have sent {count} pieces of feedback today; please try again tomorrow',
  },
  secondApproverSame: {
    'zh-CN': '大额提现需由另一位操作员复核，您已审批过此单',
    en: 'A large withdrawal needs a second, different operator; you approved this one already',
  },
  // SMS codes, password recovery, mobile
  smsTooSoon: { 'zh-CN': '请 {seconds} 秒后再获取验证码', en: 'Wait {seconds} seconds before asking for another code' },
  smsDailyLimit: {
    'zh-CN': '获取验证码次数已达今日上限，请 {hours} 小时后再试',
    en: 'Too many codes today; try again in {hours} hours',
  },
  smsSendFailed: {
    'zh-CN': '短信发送失败，请稍后再试',
    en: 'The text message could not be sent; please try again later',
  },
  smsUnavailable: { 'zh-CN': '短信服务暂未开通', en: 'Text messages are not available' },
  smsCodeWrong: { 'zh-CN': '验证码错误，还可尝试 {left} 次', en: 'Wrong code, {left} attempts left' },
  smsCodeExpired: { 'zh-CN': '验证码已失效，请重新获取', en: 'The code has expired; ask for a new one' },
  smsCodeTries: {
    'zh-CN': '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes; ask for a new one',
  },
  mobileTaken: { 'zh-CN': '该手机号已绑定其他账号', en: 'This mobile is bound to another account' },
  mobileAlreadyBound: {
    'zh-CN': '已绑定手机号，如需更换请使用更换手机号',
    en: 'A mobile is already bound; change it instead',
  },
  mobileNotBound: { 'zh-CN': '请先绑定手机号', en: 'Bind a mobile first' },
  mobileSame: { 'zh-CN': '新手机号与当前绑定的相同', en: 'This is the mobile already bound' },
  resetTokenInvalid: {
    'zh-CN': '重置已失效，请重新验证手机',
    en: 'This reset has expired; verify your mobile again',
  },
  // profile and responsible gaming
  birthdayAlreadySet: { 'zh-CN': '生日只能设置一次', en: 'The birthday can be set only once' },
  birthdayFuture: { 'zh-CN': '生日不能晚于今天', en: 'The birthday cannot be in the future' },
  birthdayUnderage: { 'zh-CN': '须年满 18 周岁', en: 'You must be 18 or older' },
  selfExcluded: {
    'zh-CN': '您已申请自我排除，{until} 之前不能登录',
    en: 'You have excluded yourself; you cannot log in before {until}',
  },
  selfExcludedBet: {
    'zh-CN': '自我排除期间（至 {until}）不能投注',
    en: 'You cannot bet while excluded (until {until})',
  },
  exclusionActive: { 'zh-CN': '自我排除已在进行中', en: 'A self-exclusion is already in force' },
  depositLimitDay: {
    'zh-CN': '超出每日充值限额 {limit}，今日还可充值 {left}',
    en: 'This is over your daily deposit limit of {limit}; you can deposit {left} more today',
  },
  depositLimitWeek: {
    'zh-CN': '超出每周充值限额 {limit}，本周还可充值 {left}',
    en: 'This is over your weekly deposit limit of {limit}; you can deposit {left} more this week',
  },
  depositLimitMonth: {
    'zh-CN': '超出每月充值限额 {limit}，本月还可充值 {left}',
    en: 'This is over your monthly deposit limit of {limit}; you can deposit {left} more this month',
  },
  // provider games
  gameNotFound: { 'zh-CN': '游戏不存在', en: 'Game not found' },
  gameUnavailable: { 'zh-CN': '该游戏暂不可用', en: 'This game is not available' },
  providerNotFound: { 'zh-CN': '游戏供应商不存在', en: 'Game provider not found' },
  publicKeyInvalid: { 'zh-CN': '公钥须为 PEM 格式的 RSA 公钥', en: 'The public key must be an RSA public key in PEM' },
  launchUrlInvalid: {
    'zh-CN': '启动地址须为 http(s):// 开头的网址或以 / 开头的路径',
    en: 'The launch URL must be an http(s):// address or a path starting with /',
  },
  gameTypeNotOffered: { 'zh-CN': '该供应商不提供此类游戏', en: 'This provider does not offer this game type' },
  // rebates, VIP, rewards, daily task, daily wheel
  rebateTooSoon: {
    'zh-CN': '返水每 {interval} 分钟可领取一次，请 {left} 后再试',
    en: 'Rebates can be claimed once every {interval} minutes; try again in {left}',
  },
  rebateBelowMin: { 'zh-CN': '可领取返水不足 {min}', en: 'The rebate to claim is below the minimum of {min}' },
  rewardNotFound: { 'zh-CN': '奖励不存在', en: 'Reward not found' },
  rewardClaimed: { 'zh-CN': '该奖励已领取', en: 'This reward has been claimed already' },
  rewardExpired: { 'zh-CN': '该奖励已过期', en: 'This reward has expired' },
  rewardNone: { 'zh-CN': '暂无可领取的奖励', en: 'There is no reward to claim' },
  spinNone: {
    'zh-CN': '今日抽奖次数已用完，充值满 {min} 可再得一次',
    en: 'No spins left today; a deposit of {min} or more earns another',
  },
  spinNoneToday: {
    'zh-CN': '今日抽奖次数已用完，明天再来',
    en: 'No spins left today; come back tomorrow',
  },
  vipThresholdOrder: {
    'zh-CN': 'VIP{level} 的门槛须介于上下两级之间',
    en: 'The thresholds of VIP {level} must lie between those of the levels around it',
  },
  // promotions
  promotionNotFound: { 'zh-CN': '活动不存在', en: 'Promotion not found' },
  promotionNotRunning: { 'zh-CN': '活动未在进行中', en: 'This promotion is not running' },
  promotionApplied: { 'zh-CN': '本期已申请过该活动', en: 'You have applied for this promotion in this period already' },
  promotionTypeJoined: {
    'zh-CN': '本期已参与同类活动，同类优惠不可叠加',
    en: 'You have joined a promotion of this kind in this period; they do not stack',
  },
  promotionVipTooLow: { 'zh-CN': '该活动需 VIP{level} 及以上', en: 'This promotion needs VIP {level} or above' },
  promotionFirstDepositDone: {
    'zh-CN': '您已完成首存，不符合首存优惠条件',
    en: 'You have made your first deposit already, so the first-deposit bonus is not open to you',
  },
  promotionSlipRequired: { 'zh-CN': '请选择要领取的注单', en: 'Choose the bet slip to claim' },
  promotionSlipNotQualified: { 'zh-CN': '该注单不符合活动条件', en: 'This bet slip does not qualify' },
  promotionSlipClaimed: { 'zh-CN': '该注单已领取', en: 'This bet slip has been claimed already' },
  promotionSlipExpired: { 'zh-CN': '该注单已超过领取期限', en: 'The time to claim this bet slip has passed' },
  promotionTypeFixed: { 'zh-CN': '活动类型不可修改', en: 'The type of a promotion cannot change' },
  promotionNotPending: {
    'zh-CN': '该申请已处理或已结束',
    en: 'This application has been decided or its period has ended',
  },
  promotionApplicationNotFound: { 'zh-CN': '申请记录不存在', en: 'Application not found' },
  // why an application was not granted (stored as the key, shown in the reader's language)
  promotionBelowLowestTier: {
    'zh-CN': '存款 {amount} 未达到最低档 {min}',
    en: 'The deposit of {amount} was below the lowest tier of {min}',
  },
  promotionSlotsBelowTier: {
    'zh-CN': '本周电子有效投注 {validBet}，未达到最低档 {min}',
    en: "The week's slots valid bet of {validBet} did not reach the lowest tier of {min}",
  },
  promotionNoDeposit: { 'zh-CN': '当日没有符合条件的存款', en: 'No qualifying deposit was credited that day' },
  promotionNoMember: {
    'zh-CN': '当月没有直属会员首存达标',
    en: 'No direct member made a qualifying first deposit that month',
  },
  promotionEndedUnmet: {
    'zh-CN': '活动结束前未满足条件',
    en: 'The promotion ended before its condition was met',
  },
  taskTiersOrder: { 'zh-CN': '各档投注额须逐档递增', en: 'Each tier must need more valid bet than the one before' },
  // agents
  agentMemberNotFound: { 'zh-CN': '该成员不在您的团队中', en: 'This member is not in your team' },
  agentNotDirect: { 'zh-CN': '只能设置直属下级', en: 'You can set this for your direct members only' },
  agentRateAboveOwn: {
    'zh-CN': '{game}返佣不能高于您自己的 {max}',
    en: 'The {game} rate cannot be above your own {max}',
  },
  agentRatioAboveOwn: {
    'zh-CN': '分红比例不能高于您自己的 {max}',
    en: 'The dividend ratio cannot be above your own {max}',
  },
  agentKindRefused: {
    'zh-CN': '只有代理可以开设代理账号或代理链接',
    en: 'Only agents can open agent accounts or make agent links',
  },
  agentRatioMemberOnly: {
    'zh-CN': '会员没有分红比例，请设为 0',
    en: 'Members hold no dividend ratio; set it to 0',
  },
  agentPasswordNotSet: { 'zh-CN': '请先设置{name}', en: 'Please set a {name} first' },
  agentPasswordWrong: { 'zh-CN': '{name}错误，还可尝试 {left} 次', en: 'Wrong {name}, {left} attempts left' },
  agentPasswordLocked: {
    'zh-CN': '{name}错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong attempts at the {name}, try again in {minutes} minutes',
  },
  agentOldPasswordRequired: { 'zh-CN': '修改{name}需要输入原密码', en: 'Enter the current {name} to change it' },
  agentLinkNotFound: { 'zh-CN': '邀请链接不存在', en: 'Invite link not found' },
  inviteLinkClosed: { 'zh-CN': '该邀请链接已停用或已过期', en: 'This invite link is disabled or has expired' },
  agentTransferIdReused: {
    'zh-CN': '该请求编号已用于另一笔转账',
    en: 'This request id was used for another transfer',
  },
  agentTransferTurnoverLeft: {
    'zh-CN': '您还需完成流水 {left} 才能代充',
    en: 'Bet another {left} of turnover before transferring to members',
  },
  agentMemberDisabled: {
    'zh-CN': '该成员账号已停用，不能转账',
    en: "This member's account is disabled: no transfer is possible",
  },
  agentRateAboveUpline: {
    'zh-CN': '{game}返佣不能高于上级的 {max}',
    en: "The {game} rate cannot be above the upline's {max}",
  },
  agentRatioAboveUpline: {
    'zh-CN': '分红比例不能高于上级的 {max}',
    en: "The dividend ratio cannot be above the upline's {max}",
  },
} satisfies Dict;

export type ValidationKey = keyof typeof validationMessages;
export type ServerErrorKey = keyof typeof serverErrors;

/** Replace `{name}` placeholders. */
export function format(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export function validationText(key: string, lang: Lang): string {
  const entry = (validationMessages as Dict)[key];
  return entry ? entry[lang] : key;
}

export function fieldLabel(field: string, lang: Lang): string {
  const entry = (fieldLabels as Dict)[field];
  return entry ? entry[lang] : field;
}

export function serverErrorText(key: ServerErrorKey, lang: Lang, params?: Record<string, string | number>): string {
  return format(serverErrors[key][lang], params);
}
