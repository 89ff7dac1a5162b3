import { addResources, type Resources } from '../../lib/i18n';

/** Texts of the match page's fairness block (loaded with it, outside the page's chunk). */
export const FAIRNESS_TEXTS: Resources = {
  'zh-CN': {
    'taiqiu.fair.title': '公平性',
    'taiqiu.fair.intro':
      '本场每局胜负由服务器种子决定：开赛前公布种子的 SHA-256 哈希，比赛结束后公布种子本身，任何人都可以验算。',
    'taiqiu.fair.hash': '种子哈希',
    'taiqiu.fair.seed': '服务器种子',
    'taiqiu.fair.seedLater': '比赛结束后公布',
    'taiqiu.fair.clientSeed': '客户端种子',
    'taiqiu.fair.frameWinA': '{{name}} 单局胜率',
    'taiqiu.fair.rule':
      '第 n 局：HMAC-SHA256(服务器种子, "{{clientSeed}}:n−1:0") 的前 4 字节 ÷ 2³² 小于 {{p}} 时 {{a}} 胜，否则 {{b}} 胜。',
    'taiqiu.fair.verify': '验证',
    'taiqiu.fair.verifying': '验证中…',
    'taiqiu.fair.unsupported': '当前浏览器无法验证（需要 HTTPS 连接）',
    'taiqiu.fair.failed': '验证失败，请重试',
    'taiqiu.fair.hashOk': '种子的 SHA-256 与开赛前公布的哈希一致',
    'taiqiu.fair.hashBad': '种子的 SHA-256 与公布的哈希不一致',
    'taiqiu.fair.allOk': '{{n}} 局验算结果与公布结果全部一致',
    'taiqiu.fair.someBad': '{{n}} 局验算结果与公布结果不一致',
    'taiqiu.fair.noFrames': '本场没有由种子决定的局',
    'taiqiu.fair.operatorFrames': '另有 {{n}} 局比分由运营设定，不在验算之列',
    'taiqiu.fair.frame': '局',
    'taiqiu.fair.value': '种子数值',
    'taiqiu.fair.published': '公布',
    'taiqiu.fair.computed': '验算',
    'taiqiu.fair.frameN': '第 {{n}} 局',
  },
  en: {
    'taiqiu.fair.title': 'Fairness',
    'taiqiu.fair.intro':
      'Every frame of this match is decided by a server seed: its SHA-256 hash is published before the match and the seed itself once it is over, so anyone can check.',
    'taiqiu.fair.hash': 'Seed hash',
    'taiqiu.fair.seed': 'Server seed',
    'taiqiu.fair.seedLater': 'Published when the match is over',
    'taiqiu.fair.clientSeed': 'Client seed',
    'taiqiu.fair.frameWinA': '{{name}} frame win chance',
    'taiqiu.fair.rule':
      'Frame n: if the first 4 bytes of HMAC-SHA256(server seed, "{{clientSeed}}:n−1:0") ÷ 2³² are below {{p}}, {{a}} wins it, else {{b}}.',
    'taiqiu.fair.verify': 'Verify',
    'taiqiu.fair.verifying': 'Verifying…',
    'taiqiu.fair.unsupported': 'This browser cannot verify here (an HTTPS connection is needed)',
    'taiqiu.fair.failed': 'Verification failed, please retry',
    'taiqiu.fair.hashOk': 'The seed’s SHA-256 matches the hash published before the match',
    'taiqiu.fair.hashBad': 'The seed’s SHA-256 does not match the published hash',
    'taiqiu.fair.allOk': 'All {{n}} frames recomputed match the published results',
    'taiqiu.fair.someBad': '{{n}} frames recomputed differ from the published results',
    'taiqiu.fair.noFrames': 'No frame of this match was decided by the seed',
    'taiqiu.fair.operatorFrames': '{{n}} more frames were scored by the operator and are not checked',
    'taiqiu.fair.frame': 'Frame',
    'taiqiu.fair.value': 'Seed value',
    'taiqiu.fair.published': 'Published',
    'taiqiu.fair.computed': 'Recomputed',
    'taiqiu.fair.frameN': 'Frame {{n}}',
  },
};

addResources(FAIRNESS_TEXTS);
