import type { FastifyRequest } from 'fastify';
import type { Language } from '../messages/bilingual.js';

/** The language the request asks its messages in: `X-Language: zh`, else English. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['x-language'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
