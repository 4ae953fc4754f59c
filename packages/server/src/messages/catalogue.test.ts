import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Bilingual } from './bilingual.js';
import { MESSAGES, type MessageKey } from './catalogue.js';
import { contractMessages } from './contract-messages.js';
import { fromEnglish } from './from-english.js';
import { msg, render } from './message.js';
import { rejectionMessages } from '../pdf/pdf-rejected-error.js';
import { sniffPdf } from '../pdf/sniff.js';

/** Han characters, and CJK punctuation and full-width forms (`{field}：{what}`). */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** What is wrong with one entry (empty: nothing). */
function problems(key: string, { en, zh }: Bilingual): string[] {
  const found: string[] = [];
  if (!en.trim()) found.push(`${key}: no English`);
  if (!zh.trim()) found.push(`${key}: no Chinese`);
  else if (zh === en) found.push(`${key}: the Chinese is the English`);
  else if (!CJK.test(zh)) found.push(`${key}: the Chinese has no Chinese character`);
  if (paramsOf(en).join() !== paramsOf(zh).join())
    found.push(`${key}: en names {${paramsOf(en).join(', ')}}, zh names {${paramsOf(zh).join(', ')}}`);
  return found;
}

describe('the message catalogue', () => {
  it('has every message in Chinese, naming the same parameters as the English', () => {
    const found = Object.entries(MESSAGES).flatMap(([key, entry]) => problems(key, entry));
    expect(found).toEqual([]);
  });

  it('finds a Chinese form missing, the same as the English, without Chinese, or with other parameters', () => {
    expect(problems('a', { en: 'File not found', zh: '' })).toHaveLength(1);
    expect(problems('b', { en: 'File not found', zh: 'File not found' })).toHaveLength(1);
    expect(problems('c', { en: 'File not found', zh: 'Fichier introuvable' })).toHaveLength(1);
    expect(problems('d', { en: 'At most {max} files', zh: '最多 {limit} 个文件' })).toHaveLength(1);
    expect(problems('e', { en: 'At most {max} files', zh: '最多 {max} 个文件' })).toEqual([]);
  });

  it('merges every area file of the folder, and no key of one hides another', async () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    const areas = readdirSync(folder).filter((f) => /-messages\.ts$/.test(f) && f !== 'contract-messages.ts');
    const keys: string[] = [];
    for (const file of areas) {
      const mod = (await import(/* @vite-ignore */ `./${file.replace(/\.ts$/, '.js')}`)) as Record<
        string,
        unknown
      >;
      for (const area of Object.values(mod)) keys.push(...Object.keys(area as object));
    }
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(keys.sort()).toEqual(Object.keys(MESSAGES).sort());
  });

  it('knows, in Chinese, every message the contract gives its own checks', () => {
    const texts = [...contractMessages()];
    expect(texts.length).toBeGreaterThan(30);
    expect(texts.filter((t) => !fromEnglish(t))).toEqual([]);
    for (const text of texts) {
      const message = fromEnglish(text)!;
      expect(render(message, 'en')).toBe(text);
      expect(render(message, 'zh')).toMatch(CJK);
    }
  });

  it('knows, in Chinese, every reason ingestion stores for a PDF it could not read', () => {
    const MB = 1024 * 1024;
    const stored = [
      rejectionMessages.encrypted(),
      rejectionMessages.damaged(),
      rejectionMessages.noPages(),
      rejectionMessages.tooMuchMemory(),
      rejectionMessages.decodeOverrun({ kind: 'stream', limit: 256 * MB }),
      rejectionMessages.decodeOverrun({ kind: 'document', limit: 512 * MB }),
      rejectionMessages.timeout(30_000),
      rejectionMessages.tooManyPages(3000, 2000),
      ...[new Uint8Array(0), new TextEncoder().encode('plain text')].map((bytes) => {
        const sniff = sniffPdf(bytes);
        return sniff.ok ? '' : sniff.reason;
      }),
    ];
    for (const text of stored) {
      const message = fromEnglish(text);
      expect(message, text).not.toBeNull();
      expect(render(message!, 'en')).toBe(text);
      expect(render(message!, 'zh'), text).toMatch(CJK);
    }
  });

  it('fills parameters, translating a parameter that is a message itself', () => {
    expect(render(msg('tooManyCollections', { max: 20 }), 'zh')).toBe(
      '最多只能有 20 个收藏夹。请删除一个后再创建。',
    );
    const required = fromEnglish('First name is required')!;
    expect(render(required, 'en')).toBe('First name is required');
    expect(render(required, 'zh')).toBe('请填写名字');
    expect(render(fromEnglish('user_id is required')!, 'zh')).toBe('请填写user_id');
    expect(fromEnglish('Something nobody wrote')).toBeNull();
  });

  it('renders a key of the catalogue only (a typo does not compile)', () => {
    // @ts-expect-error not a key of the catalogue
    const typo: MessageKey = 'fileNotFoud';
    expect(MESSAGES[typo]).toBeUndefined();
  });
});
