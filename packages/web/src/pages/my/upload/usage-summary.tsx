import type { UploadUsage } from '@rl/contract';
import { Card, Progress, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../utils/use-formatters';

function percentOf(used: number, max: number): number {
  return max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 0;
}

/** What my uploads use of my plan: files and storage. */
export function UsageSummary({ usage }: { usage: UploadUsage | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!usage) {
    return (
      <Card className="rl-upload-usage">
        <Skeleton active paragraph={false} />
      </Card>
    );
  }
  const rows = [
    {
      key: 'files',
      text: t('upload.usage.files', {
        used: format.number(usage.files),
        max: format.number(usage.max_files),
      }),
      percent: percentOf(usage.files, usage.max_files),
    },
    {
      key: 'storage',
      text: t('upload.usage.storage', { used: format.size(usage.bytes), max: format.size(usage.max_bytes) }),
      percent: percentOf(usage.bytes, usage.max_bytes),
    },
  ];
  return (
    <Card className="rl-upload-usage" data-testid="upload-usage">
      <div className="rl-upload-usage__rows">
        {rows.map((row) => (
          <div key={row.key} className="rl-upload-usage__row" data-usage={row.key}>
            <span>{row.text}</span>
            <Progress
              aria-label={row.text}
              percent={row.percent}
              showInfo={false}
              size="small"
              status={row.percent >= 100 ? 'exception' : 'normal'}
            />
          </div>
        ))}
      </div>
      <p className="rl-upload-usage__note">{t('upload.usage.private')}</p>
    </Card>
  );
}
