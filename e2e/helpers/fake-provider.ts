import { startFakeLlm, type FakeLlm, type LlmRequest } from '../../packages/server/test/fake-llm-server';

export type { FakeLlm };

/** The fake translator's Chinese: every Latin word becomes 研报 (numbers and symbols stay). */
export const fakeChinese = (text: string) =>
  text
    .replace(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g, '研报')
    .replace(/(?<=\p{Script=Han}) +(?=\p{Script=Han})/gu, '');

export const FAKE_SUMMARY = {
  standard:
    'The test provider summarised this report. Rates are expected to fall as inflation cools.\n\n' +
    'The curve steepens over the year.',
  compact: 'Rates fall. Inflation cools. The curve steepens.',
};
export const FAKE_CHINESE_SUMMARY = '测试模型的中文摘要：通胀放缓，利率预计下降。';

/**
 * What the fake provider answers, by the prompt the server sent: a JSON array of translations, a
 * summary (JSON), the summary in Chinese, or a chat answer citing the first page its passages offer.
 */
function reply(request: LlmRequest): string {
  const system = request.messages[0]?.content ?? '';
  const last = request.messages.at(-1)?.content ?? '';
  if (system.startsWith('You translate passages'))
    return JSON.stringify((JSON.parse(last) as string[]).map(fakeChinese));
  if (system.startsWith('Translate the user text')) return FAKE_CHINESE_SUMMARY;
  if (system.startsWith('You summarise')) return JSON.stringify(FAKE_SUMMARY);
  if (last.startsWith('Passages:')) {
    const page = /\(p\. (\d+)\)/.exec(last)?.[1] ?? '1';
    return `The report answers this **on page ${page}** [p. ${page}].`;
  }
  return 'ok';
}

/** A local OpenAI-compatible provider for the journeys (a real HTTP server, deterministic). */
export const startFakeProvider = (): Promise<FakeLlm> => startFakeLlm({ reply, chunkSize: 6 });
