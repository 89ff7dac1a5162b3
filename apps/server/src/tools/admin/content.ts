import { contentAdmin, systemAdmin } from '@breakshot/contracts';
import { arg, noWords, readBody } from './args.js';
import { defineCommand, type Io } from './command.js';
import { UsageError } from './errors.js';
import { siteTime, whole } from './format.js';

const contactFields = ['email', 'phone', 'telegram', 'wechat', 'qq'] as const;

/** Announcements and banners, the rule/help/about pages, the business contact. */
export const contentCommands = [
  defineCommand({
    name: 'notices',
    usage: '',
    summary: 'announcements and banners, withdrawn ones too',
    async run(_args, io) {
      const time = await siteTime(io);
      const data = await io.post(contentAdmin.noticesList, { page: 1, pageSize: 100 });
      io.table(
        data.list.map((n) => ({
          id: String(n.id),
          type: n.type,
          title: n.title,
          link: n.link ?? '',
          published: time(n.publishedAt),
          withdrawn: n.withdrawnAt ? time(n.withdrawnAt) : '',
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'notice-publish',
    usage:
      '<notice|banner> <title> <bodyFile> [--summary …] [--link /route] [--en-title … --en-body-file … --en-summary …]',
    summary:
      "publish now; the body is HTML read from a file (sanitized); the summary defaults to the body's first words",
    options: ['summary', 'link', 'en-title', 'en-body-file', 'en-summary'],
    async run({ positionals, options }, io) {
      const type = arg(positionals, 0, 'notice|banner');
      if (type !== 'notice' && type !== 'banner') throw new UsageError(`type: notice or banner, not ${type}`);
      const body = readBody(arg(positionals, 2, 'bodyFile'));
      const bodyEn = options['en-body-file'] === undefined ? undefined : readBody(options['en-body-file']);
      if ((options['en-title'] === undefined) !== (bodyEn === undefined))
        throw new UsageError('--en-title and --en-body-file go together');
      const data = await io.post(contentAdmin.noticePublish, {
        type,
        title: arg(positionals, 1, 'title'),
        summary: options.summary ?? summaryOf(body),
        body,
        ...(options.link ? { link: options.link } : {}),
        ...(bodyEn === undefined
          ? {}
          : { titleEn: options['en-title'], bodyEn, summaryEn: options['en-summary'] ?? summaryOf(bodyEn) }),
      });
      io.print(`${data.type} ${data.id} published: ${data.title}`);
    },
  }),
  defineCommand({
    name: 'notice-withdraw',
    usage: '<id>',
    summary: 'take a notice or banner down',
    async run({ positionals }, io) {
      const data = await io.post(contentAdmin.noticeWithdraw, { id: whole(arg(positionals, 0, 'id')) });
      io.print(`${data.type} ${data.id} withdrawn: ${data.title}`);
    },
  }),
  defineCommand({
    name: 'pages',
    usage: '[rules|help|about]',
    summary: 'rule, help and about pages, each language',
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const data = await io.post(contentAdmin.contentPagesList, {});
      const pages = data.list.filter((p) => !positionals[0] || p.group === positionals[0]);
      io.table(
        pages.map((p) => ({
          key: p.key,
          lang: p.lang,
          group: p.group,
          category: p.category ?? '',
          sort: String(p.sort),
          title: p.title,
          updated: time(p.updatedAt),
        })),
        pages.length,
      );
    },
  }),
  defineCommand({
    name: 'page-save',
    usage: '<key> <zh-CN|en> <title> <bodyFile> [--group rules|about] [--sort N]',
    summary:
      "a page's text in one language (HTML from a file); an existing page keeps its group unless --group is given",
    options: ['group', 'sort'],
    async run({ positionals: p, options }, io) {
      await savePage(io, {
        key: arg(p, 0, 'key'),
        ...(options.group ? { group: options.group } : {}),
        ...sortOf(options.sort),
        lang: arg(p, 1, 'zh-CN|en'),
        title: arg(p, 2, 'title'),
        body: readBody(arg(p, 3, 'bodyFile')),
      });
    },
  }),
  defineCommand({
    name: 'help-save',
    usage: '<key> <category> <zh-CN|en> <question> <answerFile> [--sort N]',
    summary:
      'a help-centre question (category: deposit, withdrawal, account, betting or agent) and its answer (HTML file)',
    options: ['sort'],
    async run({ positionals: p, options }, io) {
      await savePage(io, {
        key: arg(p, 0, 'key'),
        group: 'help',
        category: arg(p, 1, 'category'),
        ...sortOf(options.sort),
        lang: arg(p, 2, 'zh-CN|en'),
        title: arg(p, 3, 'question'),
        body: readBody(arg(p, 4, 'answerFile')),
      });
    },
  }),
  defineCommand({
    name: 'site-contact',
    usage: '[--email …] [--phone …] [--telegram …] [--wechat …] [--qq …]',
    summary: 'the business contact on /user/shangwu (other fields kept; "" clears one); no options: show it',
    options: contactFields,
    async run({ positionals, options }, io) {
      noWords(positionals, 'site-contact');
      const current = await io.post(systemAdmin.siteContactGet, {});
      const data = Object.keys(options).length
        ? await io.post(systemAdmin.siteContactSave, { ...current, ...options })
        : current;
      io.table(
        contactFields.map((f) => ({ field: f, value: data[f] })),
        contactFields.length,
      );
    },
  }),
];

async function savePage(io: Io, page: Record<string, unknown>): Promise<void> {
  const data = await io.post(contentAdmin.contentPageSave, page);
  io.print(`${data.group} page ${data.key} (${data.lang}) saved: ${data.title}`);
}

function sortOf(text: string | undefined): { sort?: number } {
  return text ? { sort: whole(text) } : {};
}

/** The first words of an HTML body, as plain text, for a notice's summary. */
function summaryOf(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
