// A small round-robin proxy in front of the instances, for local use (production: nginx, README).
import { createServer, get, request } from 'node:http';
import { connect } from 'node:net';

/** How often each instance's readiness is asked. */
const CHECK_EVERY_MS = 1_000;
/** Not passed on: hop-by-hop headers (they describe one connection), and X-Forwarded-* (set here). */
const NOT_PASSED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'x-forwarded-for',
  'x-forwarded-proto',
]);

/**
 * Listens on host:port and passes each request, and each WebSocket upgrade, to the next instance
 * ({ index, port } on 127.0.0.1) in turn, over a connection of its own. An instance that refuses
 * the connection is marked down and the next one is tried; readiness (/readyz, every second)
 * marks instances down and up. X-Forwarded-For is the client's address (the proxy faces the
 * clients: what they send is not kept). Every answer names its instance in X-Instance.
 */
export async function startProxy({ port, host = '0.0.0.0', instances, log = console.log }) {
  const upstreams = instances.map((i) => ({ ...i, up: false }));
  let next = 0;

  const mark = (upstream, up, why) => {
    if (upstream.up === up) return;
    upstream.up = up;
    log(`instance ${upstream.index} (port ${upstream.port}) is ${up ? 'up' : `down: ${why}`}`);
  };

  const checkOne = (upstream) => {
    const req = get(
      { host: '127.0.0.1', port: upstream.port, path: '/readyz', timeout: 2_000, agent: false },
      (res) => {
        res.resume();
        mark(upstream, res.statusCode === 200, `readiness ${res.statusCode}`);
      },
    );
    req.on('timeout', () => req.destroy(new Error('readiness timed out')));
    req.on('error', (err) => mark(upstream, false, err.message));
  };
  const checkAll = () => upstreams.forEach(checkOne);
  checkAll();
  const checks = setInterval(checkAll, CHECK_EVERY_MS);

  /** A connection to the next instance that takes one: the ready ones in turn, or any when none is. */
  const connectNext = () => {
    const start = next++;
    const ready = upstreams.filter((u) => u.up);
    const candidates = ready.length > 0 ? ready : upstreams;
    const order = candidates.map((_, k) => candidates[(start + k) % candidates.length]);
    return new Promise((resolve, reject) => {
      const attempt = (k) => {
        const upstream = order[k];
        if (!upstream) return reject(new Error('no instance takes connections'));
        const socket = connect(upstream.port, '127.0.0.1');
        socket.once('connect', () => {
          socket.removeAllListeners('error');
          resolve({ upstream, socket });
        });
        socket.once('error', (err) => {
          mark(upstream, false, err.message);
          attempt(k + 1);
        });
      };
      attempt(0);
    });
  };

  const clientIp = (req) => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const forwardedHeaders = (req) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) if (!NOT_PASSED.has(name)) headers[name] = value;
    return { ...headers, 'x-forwarded-for': clientIp(req), 'x-forwarded-proto': 'http', connection: 'close' };
  };

  const server = createServer(async (req, res) => {
    let target;
    try {
      target = await connectNext();
    } catch (err) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end(`${err.message}\n`);
      return;
    }
    const { upstream, socket } = target;
    const forwarded = request({
      createConnection: () => socket,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req),
    });
    forwarded.on('response', (answer) => {
      const headers = { 'x-instance': String(upstream.index) };
      for (const [name, value] of Object.entries(answer.headers)) if (!NOT_PASSED.has(name)) headers[name] = value;
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    // The instance died with the request out (killed, crashed): 502 naming it, or a cut answer.
    forwarded.on('error', (err) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain', 'x-instance': String(upstream.index) });
      res.end(`instance ${upstream.index} (port ${upstream.port}) failed: ${err.message}\n`);
    });
    res.on('close', () => forwarded.destroy());
    req.pipe(forwarded);
  });

  server.on('upgrade', async (req, client, head) => {
    client.on('error', () => client.destroy());
    let target;
    try {
      target = await connectNext();
    } catch {
      client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    const { socket } = target;
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!/^x-forwarded-(for|proto)$/i.test(req.rawHeaders[i]))
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    lines.push(`X-Forwarded-For: ${clientIp(req)}`, 'X-Forwarded-Proto: http');
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) socket.write(head);
    // Either side ending ends both: a killed instance drops its clients, who reconnect.
    const end = () => {
      client.destroy();
      socket.destroy();
    };
    for (const s of [client, socket]) s.once('close', end).on('error', end);
    socket.pipe(client).pipe(socket);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.address().port,
    /** Refuses new connections and stops the readiness checks (open ones are served on). */
    close() {
      clearInterval(checks);
      server.close();
    },
  };
}
