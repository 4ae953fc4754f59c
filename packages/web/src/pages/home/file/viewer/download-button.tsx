import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureToast } from '../../../../components/collections/use-failure-toast';
import { QuotaLeft } from '../../../../components/quota/quota-left';
import { useToast } from '../../../../components/toast/toast-context';
import { startDownload } from './start-download';

/**
 * Downloads the report (paid plan); its tooltip says what is left of the day's and the month's
 * downloads. A free plan's 403 opens the plans modal through the error
 * catalogue; any other failure says 'Please try again later'.
 */
export function DownloadButton({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const reportFailure = useFailureToast();
  const [busy, setBusy] = useState(false);
  // Downloads started here: each may have spent one, so what is left is asked again.
  const [started, setStarted] = useState(0);
  const download = async () => {
    setBusy(true);
    try {
      const fileName = await startDownload(fileId);
      void toast.success({ content: t('viewer.download.started', { name: fileName }), key: 'download' });
    } catch (error) {
      reportFailure(error, 'errors.download.failed');
    } finally {
      setBusy(false);
      setStarted((n) => n + 1);
    }
  };
  return (
    <Tooltip
      title={
        <span className="rl-download-tip" data-testid="download-tooltip">
          {t('viewer.download')}
          <QuotaLeft kinds={['download']} spent={started} />
        </span>
      }
    >
      <Button
        type="text"
        icon={busy ? <LoadingOutlined /> : <DownloadOutlined />}
        aria-label={t('viewer.download')}
        disabled={busy}
        onClick={() => void download()}
        data-testid="download-button"
      />
    </Tooltip>
  );
}
