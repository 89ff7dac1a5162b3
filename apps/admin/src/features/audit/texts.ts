export const auditTexts = {
  title: '操作日志',
  id: 'ID',
  at: '时间',
  operator: '操作员',
  action: '操作',
  target: '对象',
  payload: '参数',
  before: '变更前',
  after: '变更后',
  none: '（无）',
  changed: (n: number) => `${n} 项变更`,
};
