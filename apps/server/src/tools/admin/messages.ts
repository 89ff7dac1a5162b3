import { feedbackAdmin, messagesAdmin } from '@breakshot/contracts';
import { arg, words } from './args.js';
import { defineCommand, type Io } from './command.js';
import { UsageError } from './errors.js';
import { siteTime, whole } from './format.js';

/** Messages to players, and players' feedback. */
export const messageCommands = [
  defineCommand({
    name: 'broadcast',
    usage: '<title> <body…>',
    summary: 'a message to every player (body: text or HTML)',
    async run({ positionals }, io) {
      await sendMessage(io, 'broadcast', undefined, positionals);
    },
  }),
  defineCommand({
    name: 'message',
    usage: '<username> <title> <body…>',
    summary: 'a message to one player',
    async run({ positionals }, io) {
      await sendMessage(io, 'message', arg(positionals, 0, 'username'), positionals.slice(1));
    },
  }),
  defineCommand({
    name: 'messages',
    usage: '',
    summary: 'messages sent by operators, with how many read them',
    async run(_args, io) {
      const time = await siteTime(io);
      const data = await io.post(messagesAdmin.messagesSent, { page: 1, pageSize: 100 });
      io.table(
        data.list.map((m) => ({
          id: String(m.id),
          to: m.username ?? '(all)',
          title: m.title,
          read: String(m.readCount),
          by: m.sentBy,
          sent: time(m.createdAt),
          ...(m.withdrawnAt ? { withdrawn: time(m.withdrawnAt) } : {}),
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'message-withdraw',
    usage: '<id>',
    summary: 'withdraw a sent message: players no longer see it',
    async run({ positionals }, io) {
      const data = await io.post(messagesAdmin.messageWithdraw, { id: whole(arg(positionals, 0, 'id')) });
      io.print(`message ${data.id} withdrawn`);
    },
  }),
  defineCommand({
    name: 'feedback',
    usage: '[open]',
    summary: "players' feedback (open: only the unanswered)",
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const open = positionals[0];
      if (open !== undefined && open !== 'open') throw new UsageError('feedback [open]');
      const data = await io.post(feedbackAdmin.feedbackList, {
        page: 1,
        pageSize: 100,
        ...(open ? { open: true } : {}),
      });
      io.table(
        data.list.map((f) => ({
          id: String(f.id),
          user: f.username,
          type: f.type,
          content: f.content.replace(/\s+/g, ' ').slice(0, 60),
          images: String(f.images.length),
          contact: f.contact ?? '',
          sent: time(f.createdAt),
          reply: f.reply ? f.reply.replace(/\s+/g, ' ').slice(0, 40) : '(open)',
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'feedback-reply',
    usage: '<id> <text…>',
    summary: 'answer a feedback; the player gets a message',
    async run({ positionals }, io) {
      const id = whole(arg(positionals, 0, 'id'));
      const reply = words(positionals, 1);
      if (!reply) throw new UsageError('feedback-reply needs a text');
      const data = await io.post(feedbackAdmin.feedbackReply, { id, reply });
      io.print(`feedback ${data.id} of ${data.username} answered`);
    },
  }),
];

/** `<title> <body…>` to one player (`username`) or, without one, to every player. */
async function sendMessage(io: Io, command: string, username: string | undefined, rest: string[]): Promise<void> {
  const title = arg(rest, 0, 'title');
  const body = words(rest, 1);
  if (!body) throw new UsageError(`${command} needs a body`);
  const data = await io.post(messagesAdmin.messageSend, {
    audience: username ? 'player' : 'all',
    ...(username ? { username } : {}),
    title,
    body,
  });
  io.print(`message ${data.id} sent to ${data.username ?? 'every player'}`);
}
