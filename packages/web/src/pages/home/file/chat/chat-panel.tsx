import { DIALOG_QUESTION_MAX, type Citation } from '@rl/contract';
import { Alert, Button, Empty, Input, Spin } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotaLeft } from '../../../../components/quota/quota-left';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { viewerStore } from '../../../../stores/viewer-store';
import './chat.css';
import { ChatMarkdown } from './chat-markdown';
import { CitationChip } from './citation-chip';
import { useChat, type ChatFailure, type ChatTurn } from './use-chat';

/** Longest excerpt shown under an answer; the passage itself is on the cited page. */
const EXCERPT_CHARS = 280;

const scrollPdfTo = (page: number) => viewerStore.getState().requestPage(page);

/** The viewer's chat tab: the conversation about the file, a question box and the streamed answer. */
export function ChatPanel({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const chat = useChat(fileId);
  const listRef = useRef<HTMLDivElement>(null);
  const lastTurn = chat.turns[chat.turns.length - 1];

  // Keep the newest words in view while they arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [chat.history.length, chat.turns.length, lastTurn?.answer, lastTurn?.status]);

  if (chat.needsLogin) {
    return (
      <Empty
        className="rl-chat rl-chat--prompt"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('viewer.chat.loginPrompt')}
        data-testid="chat-login-prompt"
      >
        <Button
          type="primary"
          onClick={() => useAuthModalStore.getState().open('viewer.chat.loginReason')}
          data-testid="chat-login"
        >
          {t('viewer.chat.login')}
        </Button>
      </Empty>
    );
  }

  const empty = chat.historyStatus === 'success' && chat.history.length === 0 && chat.turns.length === 0;
  return (
    <div className="rl-chat" data-testid="chat-panel">
      <div className="rl-chat__list" ref={listRef} aria-live="polite">
        {chat.historyStatus === 'pending' && (
          <div className="rl-chat__status" data-testid="chat-history-loading">
            <Spin size="small" /> <span>{t('viewer.chat.historyLoading')}</span>
          </div>
        )}
        {chat.historyStatus === 'error' && (
          <Alert
            type="error"
            showIcon
            title={t('errors.dialogHistory.failed')}
            action={
              <Button size="small" onClick={chat.retryHistory}>
                {t('common.retry')}
              </Button>
            }
            data-testid="chat-history-failed"
          />
        )}
        {empty && <p className="rl-chat__empty">{t('viewer.chat.empty')}</p>}
        {chat.history.map((message) =>
          message.role === 'user' ? (
            <Question key={message.id} text={message.text} />
          ) : (
            <Answer key={message.id} text={message.text} citations={message.citations} />
          ),
        )}
        {chat.turns.map((turn) => (
          <TurnView key={turn.key} turn={turn} />
        ))}
      </div>
      <Composer streaming={chat.streaming} onAsk={chat.ask} onStop={chat.stop} />
    </div>
  );
}

function Question({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="rl-chat__msg rl-chat__msg--user" data-testid="chat-question">
      <span className="rl-chat__who">{t('viewer.chat.you')}</span>
      <div className="rl-chat__bubble">{text}</div>
    </div>
  );
}

function Answer({
  text,
  citations,
  status = 'done',
  failure = null,
}: {
  text: string;
  citations: Citation[];
  status?: ChatTurn['status'] | 'done';
  failure?: ChatFailure | null;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`rl-chat__msg rl-chat__msg--assistant rl-chat__msg--${status}`}
      data-testid="chat-answer"
      data-status={status}
    >
      <span className="rl-chat__who">{t('viewer.chat.assistant')}</span>
      <div className="rl-chat__bubble">
        {text ? (
          <ChatMarkdown text={text} onCite={scrollPdfTo} />
        ) : (
          status === 'streaming' && (
            <span className="rl-chat__thinking">
              <Spin size="small" /> {t('viewer.chat.thinking')}
            </span>
          )
        )}
        {status === 'stopped' && <div className="rl-chat__note">{t('viewer.chat.stopped')}</div>}
        {status === 'failed' && failure && <FailureNote failure={failure} />}
        {citations.length > 0 && <Sources citations={citations} />}
      </div>
    </div>
  );
}

/**
 * The pages an answer rests on, as chips that scroll the PDF there; the passages themselves,
 * which the answer often repeats, stay folded until asked for.
 */
function Sources({ citations }: { citations: Citation[] }) {
  const { t } = useTranslation();
  const pages = [...new Set(citations.map((citation) => citation.page))];
  return (
    <div className="rl-chat__sources" data-testid="chat-sources">
      <div className="rl-chat__sources-head">
        <span className="rl-chat__sources-title">{t('viewer.chat.sources')}</span>
        {pages.map((page) => (
          <CitationChip key={page} page={page} onCite={scrollPdfTo} />
        ))}
      </div>
      <details className="rl-chat__passages">
        <summary>{t('viewer.chat.passages', { count: citations.length })}</summary>
        <ol>
          {citations.map((citation, i) => (
            <li key={i} data-testid="chat-source">
              <span className="rl-chat__passage-page">
                {t('viewer.chat.citation.page', { page: citation.page })}
              </span>{' '}
              <span className="rl-chat__excerpt">{excerpt(citation.text)}</span>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

function TurnView({ turn }: { turn: ChatTurn }) {
  return (
    <>
      <Question text={turn.question} />
      {/* A login or plans failure is said by the login prompt or the plans modal. */}
      <Answer text={turn.answer} citations={turn.citations} status={turn.status} failure={turn.failure} />
    </>
  );
}

function FailureNote({ failure }: { failure: ChatFailure }) {
  const { t } = useTranslation();
  const message =
    failure.kind === 'stream'
      ? failure.message || t('viewer.chat.failed')
      : failure.kind === 'unavailable'
        ? t('viewer.chat.unavailable')
        : failure.kind === 'quota'
          ? t('viewer.chat.quota')
          : failure.kind === 'broken'
            ? t('viewer.chat.brokenOff')
            : t('viewer.chat.failed');
  return (
    <Alert
      className="rl-chat__failure"
      type={failure.kind === 'unavailable' ? 'warning' : 'error'}
      showIcon
      title={message}
      data-testid="chat-failure"
    />
  );
}

function Composer({
  streaming,
  onAsk,
  onStop,
}: {
  streaming: boolean;
  onAsk(question: string): void;
  onStop(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const send = () => {
    if (streaming || !draft.trim()) return;
    onAsk(draft);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  return (
    <div className="rl-chat__compose">
      <QuotaLeft kinds={['chat']} spent={streaming} />
      <div className="rl-chat__composer">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={streaming}
          maxLength={DIALOG_QUESTION_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          aria-label={t('viewer.chat.input')}
          placeholder={t('viewer.chat.inputPlaceholder')}
          data-testid="chat-input"
        />
        {streaming ? (
          <Button danger onClick={onStop} data-testid="chat-stop">
            {t('viewer.chat.stop')}
          </Button>
        ) : (
          <Button type="primary" onClick={send} disabled={!draft.trim()} data-testid="chat-send">
            {t('viewer.chat.send')}
          </Button>
        )}
      </div>
    </div>
  );
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : flat;
}
