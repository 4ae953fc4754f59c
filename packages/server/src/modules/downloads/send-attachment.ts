import { ERROR_CODES } from '@rl/contract';
import type { FastifyReply } from 'fastify';
import { languageOf } from '../../http/request-language.js';
import { msg, render } from '../../messages/message.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { RangeResult } from '../files/byte-range.js';
import type { FileRow } from '../files/presenter.js';
import { attachmentHeader } from './content-disposition.js';

/**
 * Answers a stored PDF as an attachment named by its title (RFC 6266/5987), whole or the one byte range
 * asked for (206), 416 for a range past its end; a HEAD gets the headers only and no file is
 * opened. The user downloads and the console's download stream both answer through it.
 */
export async function sendAttachment(
  reply: FastifyReply,
  storage: Pick<FileStorage, 'stream'>,
  got: {
    file: Pick<FileRow, 'sha256' | 'title' | 'file_name'>;
    size: number;
    range: RangeResult;
    head: boolean;
  },
) {
  const { file, size, range } = got;
  void reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'private, no-store');
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${size}`)
      .send({
        error_msg: render(msg('rangeNotSatisfiable'), languageOf(reply.request)),
        code: ERROR_CODES.badRange,
      });
  }
  // Opened before any header of the answer: a missing file fails the call, not a half-sent answer.
  const part = range.kind === 'range' ? { start: range.start, end: range.end } : undefined;
  const body = got.head ? undefined : await storage.stream(file.sha256, part);
  void reply.header('Content-Type', 'application/pdf').header('Content-Disposition', attachmentHeader(file));
  if (range.kind === 'range') {
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(body);
  }
  return reply.header('Content-Length', size).send(body);
}
