import { request, type Agent } from 'node:http';

/**
 * A POST of `payload` by node:http, its status (0 when none came) and its whole text, over
 * `agent` when given. node:http, not fetch: fetch sends Sec-Fetch-Mode like a browser, and the
 * server takes the operator token from a command line client only.
 */
export function postText(
  url: string,
  payload: string,
  headers: Record<string, string>,
  agent?: Agent,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
