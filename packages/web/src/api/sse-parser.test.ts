import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function collect() {
  const events: SseEvent[] = [];
  return { events, parser: createSseParser((event) => events.push(event)) };
}

const STREAM =
  'event: citation\ndata: {"page":3,"text":"Revenue grew 12%"}\n\n' +
  'event: delta\ndata: {"text":"Revenue grew [p. 3] — 增长"}\n\n' +
  ': keep-alive comment\n\n' +
  'event: done\ndata: {"message_id":"m1","mode":"passages","usage":null}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'citation', data: '{"page":3,"text":"Revenue grew 12%"}' },
  { event: 'delta', data: '{"text":"Revenue grew [p. 3] — 增长"}' },
  { event: 'done', data: '{"message_id":"m1","mode":"passages","usage":null}' },
];

describe('server-sent events parser', () => {
  it('reads a whole body in one chunk', () => {
    const { events, parser } = collect();
    parser.push(STREAM);
    parser.end();
    expect(events).toEqual(EXPECTED);
  });

  it('gives the same events whatever byte the chunks split at, even inside a character', () => {
    const bytes = new TextEncoder().encode(STREAM);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const { events, parser } = collect();
      parser.push(bytes.slice(0, cut));
      parser.push(bytes.slice(cut));
      parser.end();
      expect(events, `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it('reads a body delivered one byte at a time', () => {
    const { events, parser } = collect();
    for (const byte of new TextEncoder().encode(STREAM)) parser.push(new Uint8Array([byte]));
    parser.end();
    expect(events).toEqual(EXPECTED);
  });

  it('accepts CRLF and CR line ends, a CRLF split across chunks included', () => {
    const { events, parser } = collect();
    parser.push('event: delta\r');
    parser.push('\ndata: {"text":"a"}\r\n\r');
    parser.push('\nevent: delta\rdata: {"text":"b"}\r\r');
    parser.end();
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'delta', data: '{"text":"b"}' },
    ]);
  });

  it('joins several data lines, names unnamed events "message" and drops an unfinished event', () => {
    const { events, parser } = collect();
    parser.push('data: one\ndata:two\nretry: 10\n\nevent: delta\ndata: {"text":"cut');
    parser.end();
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});
