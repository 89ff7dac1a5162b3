import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '@breakshot/contracts';

/*
 * The player app's index.html as an app route gets it (for page speed). On a slow phone
 * network every request the app makes after its code has run costs round trips before the first
 * screen shows, so the page carries what that screen needs:
 *  - the public data it shows (src/first-screen.ts: site config; on /home the banners and
 *    notices), as JSON in a non-executable <script type="application/json" id="boot-data"> the app
 *    seeds its queries from, and first-paint draws the top of the screen from before the app's code
 *    has loaded (apps/web/src/app/boot-data.ts, apps/web/src/first-paint).
 */

/** The app's language as it keeps it (apps/web lib/i18n.ts mirrors it into this cookie). */
const LANG_COOKIE = /(?:^|;\s*)lang=([^;]*)/;

function appLang(req: FastifyRequest): Lang {
  return LANG_COOKIE.exec(req.headers.cookie ?? '')?.[1] === 'en' ? 'en' : 'zh-CN';
}

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The public data of the first screen at a path, in a language (src/first-screen.ts). */
export type FirstScreenData = (path: string, lang: Lang) => Promise<object>;

export interface AppShell {
  /** The index.html of the app route the request asks for. */
  html(req: FastifyRequest): Promise<string>;
}

/**
 * The app's page from the build in `webDist`, read again when a new build replaces it, with the
 * first screen's data when `firstScreen` gives it (the app's API is this server).
 */
export function loadAppShell(webDist: string, firstScreen: FirstScreenData | undefined): AppShell {
  const builtAt = () => statSync(join(webDist, 'index.html')).mtimeMs;
  const read = () => ({ at: builtAt(), template: readFileSync(join(webDist, 'index.html'), 'utf8') });
  let built = read();
  const currentTemplate = () => {
    if (builtAt() !== built.at) built = read();
    return built.template;
  };

  return {
    async html(req) {
      const path = (req.url.split('?')[0] ?? '').replace(/\/+$/, '');
      const template = currentTemplate();
      const lang = appLang(req);
      const data = firstScreen ? { lang, ...(await firstScreen(path, lang)) } : null;
      if (!data) return template;
      return template.replace(
        '</head>',
        `<script type="application/json" id="boot-data">${scriptJson(data)}</script></head>`,
      );
    },
  };
}
