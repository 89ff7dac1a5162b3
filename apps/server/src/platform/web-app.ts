import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode, serverErrorText } from '@breakshot/contracts';
import { type FirstScreenData, loadAppShell } from './app-shell.js';
import { sendFailure } from './envelope.js';
import { requestLang } from './lang.js';

export interface WebAppOptions {
  /** Folder of the built player app (its index.html and assets); none: the app is not served. */
  webDist?: string | undefined;
  /** Folder of the built operator console (apps/admin/dist), served at /admin/; none: not served. */
  adminDist?: string | undefined;
  /** Served as /config.json: the player app's runtime configuration. */
  runtimeConfig: { VITE_API_BASE_URL: string; VITE_PAGE_TITLE: string };
  /** The first screen's public data, put into the app's page (app-shell.ts); none: the app asks for it. */
  firstScreen?: FirstScreenData | undefined;
}

/** Where the operator console lives (its Vite `base`). */
export const ADMIN_APP_PREFIX = '/admin/';

/** The build's records (.vite/: the manifest, the bundle treemap) stay on the server. */
const notBuildRecords = (path: string) => !path.startsWith('/.vite/');

/** Vite fingerprints files under assets/, so they never change; index.html always may. */
const cacheHeaders = (reply: { header: (k: string, v: string) => unknown }, path: string) => {
  reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * The player app at / and the operator console at /admin/, each with history fallback (a GET of
 * an app route gets its index.html), /config.json, and 404s: the envelope under /api, plain
 * text elsewhere.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const webDist = options.webDist && existsSync(join(options.webDist, 'index.html')) ? options.webDist : null;
  const adminDist = options.adminDist && existsSync(join(options.adminDist, 'index.html')) ? options.adminDist : null;
  // The page carries this server's data only when the app asks this server (its API base is here).
  const apiHere = ['/', ''].includes(options.runtimeConfig.VITE_API_BASE_URL);
  const shell = webDist ? loadAppShell(webDist, apiHere ? options.firstScreen : undefined) : null;

  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return options.runtimeConfig;
  });

  // Unknown API paths go straight to the 404 below: the static files' catch-all would look for a file first.
  app.get('/api/*', (_req, reply) => reply.callNotFound());

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // The build writes .br and .gz files beside each asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: cacheHeaders,
      allowedPath: notBuildRecords,
    });
  } else {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build -w apps/web`.\n'),
    );
  }

  app.get('/admin', async (req, reply) => {
    const query = req.url.indexOf('?');
    return reply.redirect(ADMIN_APP_PREFIX + (query >= 0 ? req.url.slice(query) : ''), 301);
  });
  if (adminDist) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: ADMIN_APP_PREFIX,
      wildcard: true,
      // The player app's registration decorates reply.sendFile; the fallback below reads the file.
      decorateReply: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
      allowedPath: notBuildRecords,
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (API_PATH.test(req.url)) {
      return sendFailure(reply, {
        code: ErrorCode.NOT_FOUND,
        msg: serverErrorText('notFound', requestLang(req)),
        data: null,
      });
    }
    if (adminDist && wantsAdminPage(req)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await readFile(join(adminDist, 'index.html')));
    }
    if (shell && wantsPage(req)) {
      // The page with its first screen's data (app-shell.ts); should that fail, the plain page: the app asks itself.
      const html = await shell.html(req).catch((err: unknown) => {
        req.log.error({ err }, 'app shell: first screen data not inlined');
        return null;
      });
      if (html === null) return reply.type('text/html; charset=utf-8').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return notFoundText(reply);
  });
}

/** The API's paths: player calls (/api/v9) and operator calls (/api/admin) alike. */
const API_PATH = /^\/api(\/|\?|$)/;

/** Paths that are never the app's routes: the server's own areas. */
const NOT_APP = /^\/(api|ws|pay|provider|admin|assets)(\/|$|\?)/;

/**
 * A route of the app, as history-fallback servers decide: a GET (or HEAD) outside the server's
 * own areas whose last segment has no file extension, whatever it accepts (curl sends * / *).
 */
function wantsPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !NOT_APP.test(path) && !last.includes('.');
}

/** A route of the operator console: a GET (or HEAD) under /admin/ whose last segment has no file extension. */
function wantsAdminPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return path.startsWith(ADMIN_APP_PREFIX) && !path.startsWith(`${ADMIN_APP_PREFIX}assets/`) && !last.includes('.');
}

function notFoundText(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
}
