export const loginTexts = {
  title: 'Breakshot 运营后台',
  subtitle: '运营人员登录',
  username: '用户名',
  password: '密码',
  code: '动态验证码',
  codeHint: '已绑定验证器时填写 6 位验证码',
  codeFormat: '请输入 6 位数字验证码',
  required: '请填写此项',
  submit: '登录',
  setupTitle: '绑定身份验证器',
  setupHelp:
    '首次登录需绑定身份验证器：用 Google Authenticator 等应用扫描二维码，或手动输入下方密钥，然后填写应用显示的 6 位验证码。',
  secret: '密钥',
  confirm: '确认绑定并登录',
  back: '返回',
  retryAfter: (s: number) => `请在 ${Math.ceil(s / 60)} 分钟后重试`,
  failedTitle: '登录失败提醒',
  failedText: (count: number, when: string, ip: string) =>
    `自您上次登录以来，您的账号有 ${count} 次密码或验证码错误，最近一次在 ${when}，来自 ${ip}。如果不是您本人所为，请尽快修改密码并告知管理员。`,
};
