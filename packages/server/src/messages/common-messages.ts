import type { Bilingual } from './bilingual.js';

/** The HTTP edge's own answers: failures of the server, the database, routing and request parsing. */
export const commonMessages = {
  internal: { en: 'Request failed, please try again later', zh: '请求失败，请稍后再试' },
  databaseUnavailable: {
    en: 'The database is unavailable, please try again shortly',
    zh: '数据库暂时不可用，请稍后再试',
  },
  noSuchEndpoint: { en: 'No such endpoint: {method} {path}', zh: '没有这个接口：{method} {path}' },
  unsupportedContentType: {
    en: 'Unsupported content type: send {consumes}',
    zh: '不支持的内容类型：请发送 {consumes}',
  },
  bodyTooLarge: { en: 'Request body is too large', zh: '请求体过大' },
  emptyJsonBody: { en: 'Request body is empty: send a JSON object', zh: '请求体为空：请发送一个 JSON 对象' },
  invalidJson: { en: 'Request body is not valid JSON', zh: '请求体不是有效的 JSON' },
  /** Another refusal of Fastify's: its own English words, introduced in Chinese. */
  requestRefused: { en: '{detail}', zh: '请求无法处理：{detail}' },
  fieldInvalid: { en: '{field}: {what}', zh: '{field}：{what}' },
  requestInvalid: { en: 'Invalid request: {what}', zh: '请求无效：{what}' },
  isInvalid: { en: 'is invalid', zh: '无效' },
  hasControlCharacters: { en: 'must not contain control characters', zh: '不能包含控制字符' },
  /** Zod's invalid_type in Chinese keeping the received type its English message names. */
  zodInvalidType: {
    en: 'Invalid input: expected {expected}, received {received}',
    zh: '无效输入：期望 {expected}，实际接收 {received}',
  },
} satisfies Record<string, Bilingual>;
