import type { FileListItem } from '@rl/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MyFileChip } from '../../../components/chip/my-file-chip';
import { LockMark } from '../../../components/lock-mark/lock-mark';
import { reportLanguageLabel } from '../../../locale/catalogue-labels';
import { useFormatters } from '../../../utils/use-formatters';
import { openFilePath } from './open-file-path';

interface LibraryFileRowProps {
  item: FileListItem;
  /** When it joined the list, e.g. 'Starred on 14 Mar 2025'. */
  note: string;
  /** Actions after 'Open', e.g. Unstar or Remove. */
  actions: ReactNode;
  testId: string;
  /** Lines under the facts, e.g. the inbox's reasons and a company note's rating. */
  extra?: ReactNode;
  /** Shown as not read yet: the title bold, with a dot. */
  unread?: boolean;
  /** Called as the report is opened (its title or Open), before the viewer shows it. */
  onOpen?(): void;
}

/**
 * A report of my library: title (locked as in search results when my plan does not open it yet),
 * issuer, date, pages, language, when it was added, and actions.
 */
export function LibraryFileRow({ item, note, actions, testId, extra, unread, onOpen }: LibraryFileRowProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const title = item.title || item.file_name;
  const path = openFilePath(item.id);
  return (
    <li
      className={unread ? 'rl-library-row rl-library-row--unread' : 'rl-library-row'}
      data-testid={testId}
      data-file-id={item.id}
      data-unread={unread === undefined ? undefined : unread}
    >
      <div className="rl-library-row__main">
        <Link to={path} className="rl-library-row__title" onClick={onOpen}>
          {unread && (
            <span className="rl-library-row__dot" aria-label={t('follows.inbox.unreadMark')} role="img" />
          )}
          {item.locked && <LockMark lock={item.locked} />}
          {title}
        </Link>
        <div className="rl-library-row__meta">
          <span>{item.issuer}</span>
          <span>{format.date(item.publish_date) ?? t('search.result.noDate')}</span>
          <span>{t('search.result.pages', { count: item.page_count })}</span>
          <span>{reportLanguageLabel(t, item.language)}</span>
          {item.mine && <MyFileChip />}
        </div>
        {extra}
        <div className="rl-library-row__note">{note}</div>
      </div>
      <div className="rl-library-row__actions">
        <Button
          size="small"
          onClick={() => {
            onOpen?.();
            void navigate(path);
          }}
          data-testid="open-button"
        >
          {t('library.open')}
        </Button>
        {actions}
      </div>
    </li>
  );
}
