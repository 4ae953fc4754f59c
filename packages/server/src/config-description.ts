import type { Config } from './config.js';

/** A URL's user and password, masked. */
const maskCredentials = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');

/** The configuration as printed at start: secrets masked. */
export function describeConfig(c: Config): Record<string, unknown> {
  return {
    ...c,
    database:
      c.database.kind === 'postgres' ? { ...c.database, url: maskCredentials(c.database.url) } : c.database,
    signingSecret: '***',
    storage:
      c.storage.kind === 's3'
        ? {
            ...c.storage,
            endpoint: (c.storage.endpoint && maskCredentials(c.storage.endpoint)) ?? null,
            accessKeyId: c.storage.accessKeyId ? '***' : null,
            secretAccessKey: c.storage.secretAccessKey ? '***' : null,
          }
        : c.storage,
    smtpUrl: c.smtpUrl ? maskCredentials(c.smtpUrl) : null,
    llm: c.llm
      ? {
          ...c.llm,
          baseUrl: maskCredentials(c.llm.baseUrl),
          apiKey: c.llm.apiKey ? '***' : null,
        }
      : null,
  };
}
