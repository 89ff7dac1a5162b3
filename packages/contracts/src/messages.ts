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
} satisfies Dict;

export const fieldLabels = {
  username: { 'zh-CN': '用户名', en: 'Username' },
  password: { 'zh-CN': '密码', en: 'Password' },
  confirmPassword: { 'zh-CN': '确认密码', en: 'Confirm password' },
  captchaId: { 'zh-CN': '验证码编号', en: 'Captcha id' },
  captchaCode: { 'zh-CN': '验证码', en: 'Captcha' },
  inviteCode: { 'zh-CN': '邀请码', en: 'Invite code' },
  page: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  amount: { 'zh-CN': '金额', en: 'Amount' },
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
  registerClosed: { 'zh-CN': '暂停注册', en: 'Registration is closed' },
  loginFailed: { 'zh-CN': '用户名或密码错误', en: 'Wrong username or password' },
  loginLocked: {
    'zh-CN': '密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong passwords, try again in {minutes} minutes',
  },
  accountDisabled: { 'zh-CN': '账号已停用', en: 'This account is disabled' },
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
