/*
 * Classic XSS payloads for operator-written rich text, shared by the server's
 * trust test (apps/server/test/trust/headers.test.ts: what is stored has no active content) and
 * the browser's (apps/web/e2e/xss.e2e.ts: the page that shows it runs nothing). `run(i)` is the
 * script a payload tries to run: no quotes, spaces or `>`, so it fits in any attribute.
 * The ones that leave an element open (and may hide what follows) come last.
 */
export function xssPayloads(run: (i: number) => string): { name: string; html: string }[] {
  const list: [string, (r: string) => string][] = [
    ['script element', (r) => `<script>${r}</script>`],
    ['script src data: URL', (r) => `<SCRIPT SRC=data:,${r}></SCRIPT>`],
    ['img onerror', (r) => `<img src=x onerror=${r}>`],
    ['img onerror, slashes for spaces', (r) => `<img/src="x"/onerror=${r}>`],
    ['img onerror calling alert', () => `<img src=x onerror=alert(document.domain)>`],
    ['svg onload', (r) => `<svg onload=${r}></svg>`],
    ['script inside svg', (r) => `<svg><script>${r}</script></svg>`],
    ['svg animate onbegin', (r) => `<svg><animate onbegin=${r} attributeName=x dur=1s></animate></svg>`],
    ['details ontoggle', (r) => `<details open ontoggle=${r}><summary>d</summary></details>`],
    ['input autofocus onfocus', (r) => `<input autofocus onfocus=${r}>`],
    ['video source onerror', (r) => `<video><source onerror=${r}></video>`],
    ['javascript: link', (r) => `<a href="javascript:${r}">js link</a>`],
    ['javascript: link, mixed case', (r) => `<a href="JaVaScRiPt:${r}">mixed case</a>`],
    ['javascript: link, leading space', (r) => `<a href=" javascript:${r}">space</a>`],
    ['javascript: link, tab inside', (r) => `<a href="jav&#x09;ascript:${r}">tab</a>`],
    [
      'javascript: link, decimal entities',
      (r) => `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${r}">decimal</a>`,
    ],
    ['javascript: link, hex entities and &colon;', (r) => `<a href="&#x6A;avascript&colon;${r}">hex</a>`],
    ['data: URL link', (r) => `<a href="data:text/html,<script>${r}</script>">data url</a>`],
    ['https link with onclick', (r) => `<a href="https://example.com/" onclick=${r} onmouseover=${r}>handler</a>`],
    ['iframe srcdoc', (r) => `<iframe srcdoc="<script>${r}</script>"></iframe>`],
    ['iframe javascript: src', (r) => `<iframe src="javascript:${r}"></iframe>`],
    ['object data: URL', (r) => `<object data="data:text/html,<script>${r}</script>"></object>`],
    ['embed javascript: src', (r) => `<embed src="javascript:${r}">`],
    ['style url(javascript:)', (r) => `<p style="background-image:url(javascript:${r})">style url</p>`],
    ['style expression()', (r) => `<div style="width:expression(${r})">expression</div>`],
    ['style element @import', (r) => `<style>@import url(javascript:${r});</style>`],
    ['table background', (r) => `<table background="javascript:${r}"><tr><td>cell</td></tr></table>`],
    ['meta refresh', (r) => `<meta http-equiv="refresh" content="0;url=javascript:${r}">`],
    ['base href', (r) => `<base href="javascript:${r}//">`],
    ['form action', (r) => `<form action="javascript:${r}"><button>go</button></form>`],
    ['entity-encoded tag', (r) => `&lt;img src=x onerror=${r}&gt;`],
    ['backtick attribute', (r) => `<img src="x\` onerror=${r}>`],
    ['nested script tags', (r) => `<scr<script>ipt>${r}</scr</script>ipt>`],
    ['double <', (r) => `<<img src=x onerror=${r}>`],
    [
      'tag in a quoted attribute',
      (r) => `<a href="https://example.com/" title='"><img src=x onerror=${r}>'>quoted</a>`,
    ],
    ['comment trick', (r) => `<!--><img src=x onerror=${r}>-->`],
    ['mXSS: noscript', (r) => `<noscript><p title="</noscript><img src=x onerror=${r}>"></p></noscript>`],
    ['mXSS: svg style', (r) => `<svg></p><style><a id="</style><img src=x onerror=${r}>"></a></style></svg>`],
    [
      'mXSS: math mglyph',
      (r) => `<math><mtext><table><mglyph><style><img src=x onerror=${r}></style></mglyph></table></mtext></math>`,
    ],
    ['mXSS: form in math', (r) => `<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${r}>`],
  ];
  return list.map(([name, html], i) => ({ name, html: html(run(i)) }));
}

/** Formatting that must survive: bold text and a link to an https page. */
export const HARMLESS = '<p><b>bold text</b> and <a href="https://example.com/docs">an https link</a></p>';
