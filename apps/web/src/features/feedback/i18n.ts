import { addResources } from '../../lib/i18n';

const zh: Record<string, string> = {
  'feedback.type': '反馈类型',
  'feedback.type.suggestion': '建议',
  'feedback.type.problem': '问题',
  'feedback.type.complaint': '投诉',
  'feedback.type.other': '其他',
  'feedback.content': '反馈内容',
  'feedback.contentPlaceholder': '请详细描述您的建议或遇到的问题（10–500 字）',
  'feedback.images': '图片（选填，最多 3 张）',
  'feedback.imageTooBig': '图片不能超过 2 MB',
  'feedback.contact': '联系方式（选填）',
  'feedback.contactPlaceholder': '手机号、邮箱或微信',
  'feedback.submit': '提交反馈',
  'feedback.submitting': '提交中…',
  'feedback.sent': '反馈已提交，感谢您的意见',
  'feedback.mine': '我的反馈',
  'feedback.reply': '客服回复',
  'feedback.waiting': '待回复',
  'feedback.answered': '已回复',
  'feedback.emptyTitle': '暂无反馈',
  'feedback.emptyText': '您提交的反馈和客服的回复会显示在这里',
};

const en: Record<string, string> = {
  'feedback.type': 'Type',
  'feedback.type.suggestion': 'Suggestion',
  'feedback.type.problem': 'Problem',
  'feedback.type.complaint': 'Complaint',
  'feedback.type.other': 'Other',
  'feedback.content': 'Your feedback',
  'feedback.contentPlaceholder': 'Describe your suggestion or the problem in detail (10–500 characters)',
  'feedback.images': 'Images (optional, up to 3)',
  'feedback.imageTooBig': 'Images may be at most 2 MB',
  'feedback.contact': 'Contact (optional)',
  'feedback.contactPlaceholder': 'Mobile, e-mail or WeChat',
  'feedback.submit': 'Send feedback',
  'feedback.submitting': 'Sending…',
  'feedback.sent': 'Thank you, your feedback was sent',
  'feedback.mine': 'My feedback',
  'feedback.reply': 'Our answer',
  'feedback.waiting': 'Waiting for an answer',
  'feedback.answered': 'Answered',
  'feedback.emptyTitle': 'No feedback yet',
  'feedback.emptyText': 'Feedback you send and our answers will appear here',
};

addResources({ 'zh-CN': zh, en });
