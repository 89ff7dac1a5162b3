import { promotionTexts as t } from './texts';

const STYLE =
  'body{margin:12px 14px;font:14px/1.7 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;' +
  'color:#333}p{margin:0 0 8px}ol,ul{margin:0 0 8px;padding-left:20px}a{color:#1668dc}';

/**
 * The rules HTML as typed, before the server sanitizes it: drawn in a sandboxed frame (no
 * scripts, no access to the console's page), so whatever is pasted cannot run here.
 */
export function RulesPreview({ html }: { html: string }) {
  return (
    <iframe
      title={t.preview}
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8"><style>${STYLE}</style>${html}`}
      style={{ width: '100%', height: 220, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' }}
    />
  );
}
