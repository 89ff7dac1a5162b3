import type { FastifyRequest } from 'fastify';
import type { Lang } from '@breakshot/contracts';

/** zh-CN unless the first language the request accepts is English. */
export function requestLang(req: FastifyRequest): Lang {
  const header = req.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}
