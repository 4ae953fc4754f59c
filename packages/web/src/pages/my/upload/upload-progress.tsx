import { Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../utils/use-formatters';
import type { SendingState } from './use-uploader';

interface UploadProgressProps {
  state: SendingState;
  onCancel(): void;
}

/** The file being sent: percent, bytes, speed and a Cancel button. */
export function UploadProgress({ state, onCancel }: UploadProgressProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
  const finishing = state.sent >= state.total;
  return (
    <div className="rl-upload-progress" data-testid="upload-progress" data-percent={percent}>
      <div className="rl-upload-progress__head">
        <span className="rl-upload-progress__name">
          {t('upload.progress.sending', { name: state.fileName })}
        </span>
        <Button size="small" onClick={onCancel} data-testid="upload-cancel">
          {t('upload.cancel')}
        </Button>
      </div>
      <Progress
        percent={percent}
        status="active"
        aria-label={t('upload.progress.sending', { name: state.fileName })}
      />
      <div className="rl-upload-progress__meta">
        <span>
          {format.size(state.sent)} / {format.size(state.total)}
        </span>
        <span>
          {finishing
            ? t('upload.progress.finishing')
            : state.speed !== null && t('upload.progress.speed', { speed: format.size(state.speed) })}
        </span>
      </div>
    </div>
  );
}
