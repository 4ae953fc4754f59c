/** One server-sent event: its name (`message` when the stream names none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds the next piece of the body; pieces may split lines, fields or characters anywhere. */
  push(chunk: Uint8Array | string): void;
  /** The body ended: an event left without its closing blank line is dropped, as the format says. */
  end(): void;
}

/**
 * A small parser of the `text/event-stream` format (WHATWG HTML, "server-sent events"): lines end
 * with CRLF, LF or CR; `event:` and `data:` fields; comments (`:`) and unknown fields ignored; a
 * blank line dispatches the event.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  const decoder = new TextDecoder();
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  let hasData = false;

  const dispatch = () => {
    if (hasData) onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
    hasData = false;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') {
      dataLines.push(value);
      hasData = true;
    }
  };

  const drain = (final: boolean) => {
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) break;
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      if (match[0] === '\r' && match.index === buffer.length - 1 && !final) break;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };

  return {
    push(chunk) {
      buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      drain(false);
    },
    end() {
      buffer += decoder.decode();
      drain(true);
      buffer = '';
      eventName = '';
      dataLines = [];
      hasData = false;
    },
  };
}
