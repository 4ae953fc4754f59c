import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureToast } from '../../../../components/collections/use-failure-toast';
import { useToast } from '../../../../components/toast/toast-context';
import { startDownload } from './start-download';

/**
 * Downloads the report (paid plan). A free plan's 403 opens the plans modal through the error
 * catalogue; any other failure says 'Please try again later'.
 */
export function DownloadButton({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const reportFailure = useFailureToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const fileName = await startDownload(fileId);
      void toast.success({ content: t('viewer.download.started', { name: fileName }), key: 'download' });
    } catch (error) {
      reportFailure(error, 'errors.download.failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('viewer.download')}>
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
