import { addResources } from '../../lib/i18n';

addResources({
  'zh-CN': {
    'content.notFound': '内容不存在或已下线',
    'content.published': '发布时间 {{time}}',
    'content.updated': '更新于 {{time}}',
    'content.open': '查看详情',
  },
  en: {
    'content.notFound': 'This page does not exist or was taken down',
    'content.published': 'Published {{time}}',
    'content.updated': 'Updated {{time}}',
    'content.open': 'Open',
  },
});
