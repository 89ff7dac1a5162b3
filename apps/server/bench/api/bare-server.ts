import Fastify from 'fastify';

/*
 * The baseline of the API benchmark, run in a process of its own: a bare Fastify app (no plugins,
 * no hooks, no logger) whose one route answers POST <path> with the JSON the real call answered.
 * Settings come from the environment: BARE_PORT, BARE_PATH, BARE_BODY (the JSON).
 */

const port = Number(process.env.BARE_PORT);
const path = process.env.BARE_PATH ?? '/';
const body: unknown = JSON.parse(process.env.BARE_BODY ?? '{}');

const app = Fastify();
app.post(path, async () => body);
await app.listen({ port, host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
