export const alertTexts = {
  intro:
    '达到赔付上限：盘口已自动暂停投注，需在「台球赛事」中确认后重新开盘；大额注单：单注投注额达到「风控设置」中的提醒金额；双边投注：同一玩家投注了同一盘口的另一选项；关联对冲：关联账户（同设备、同 IP、同收款账户或同手机号）分别投注了同一盘口的不同选项，数秒内发现。确认只表示已查看，不改变盘口或注单。',
  views: { open: '未处理', all: '全部' } as Record<string, string>,
  at: '时间',
  kind: '类型',
  kinds: {
    limit: '达到赔付上限',
    big_bet: '大额注单',
    both_sides: '双边投注',
    linked_sides: '关联对冲',
  } as Record<string, string>,
  match: '赛事',
  market: '盘口',
  player: '玩家',
  betNo: '注单号',
  amount: '金额',
  amountOf: { limit: '最差赔付', big_bet: '投注额', both_sides: '投注额', linked_sides: '投注额' } as Record<
    string,
    string
  >,
  linkedWith: '关联：',
  state: '处理',
  ack: '确认',
  acked: '已确认',
  ackDone: '已确认该提醒',
  empty: '暂无提醒',
  total: (n: number) => `共 ${n} 条`,
};
