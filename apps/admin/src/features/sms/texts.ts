export const smsTexts = {
  title: '短信发件箱',
  intro: '开发通道：内置短信服务不真正发送，所有短信（含验证码）保存在此，供测试与客服核对。',
  at: '时间',
  mobile: '手机号',
  text: '内容',
  mobileFilter: '手机号（部分数字）',
};
