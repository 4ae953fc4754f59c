import type { InboxItem, InboxReason } from '@rl/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../utils/use-formatters';
import { ResultResearch } from '../../home/file/results/result-research';
import { LibraryFileRow } from '../bookmarks/library-file-row';

/** Why a report is in my inbox, as its tag says it: 'Following: Tencent', 'Saved search: copper'. */
export function reasonText(t: TFunction, reason: InboxReason): string {
  return reason.kind === 'search'
    ? t('follows.reason.search', { label: reason.label })
    : t('follows.reason.follow', { label: reason.label });
}

interface InboxRowProps {
  item: InboxItem;
  onOpen(item: InboxItem): void;
}

/** A new report of my inbox: the report's row, why it came, and a company note's view. */
export function InboxRow({ item, onOpen }: InboxRowProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <LibraryFileRow
      item={item}
      unread={!item.read}
      onOpen={() => onOpen(item)}
      note={t('follows.inbox.arrived', { date: format.dateTime(item.arrived_time) })}
      testId="inbox-item"
      actions={null}
      extra={
        <>
          {item.research && <ResultResearch research={item.research} />}
          {item.reasons.length > 0 && (
            <div className="rl-inbox__reasons">
              {item.reasons.map((reason) => (
                <Tag
                  key={reason.follow_id}
                  color={reason.kind === 'search' ? 'purple' : 'blue'}
                  data-testid="inbox-reason"
                >
                  {reasonText(t, reason)}
                </Tag>
              ))}
            </div>
          )}
        </>
      }
    />
  );
}
