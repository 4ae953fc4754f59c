import { InboxOutlined } from '@ant-design/icons';
import type { UploadResponse } from '@rl/contract';
import { Alert, Button, Card, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { useFormatters } from '../../../utils/use-formatters';
import type { UploadTransport } from './chunked-upload';
import { checkUpload, type UploadLimits, type UploadProblem } from './pre-check';
import { failureText } from './report-failure';
import { uploadFailure } from './upload-failure';
import { UploadProblemAlert } from './upload-problem';
import { UploadProgress } from './upload-progress';
import { useUploader } from './use-uploader';

interface UploadPanelProps {
  limits: UploadLimits;
  /** The free plan: text PDFs only, and an upgrade lifts the limits. */
  freePlan: boolean;
  onUploaded(answer: UploadResponse): void;
  /** Tests pass a fake; the app sends over HTTP. */
  transport?: UploadTransport;
}

/** Choose a PDF, submit it, follow its progress; the server still judges the file. */
export function UploadPanel({ limits, freePlan, onUploaded, transport }: UploadPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useFormatters();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const uploader = useUploader(
    {
      onDone: (answer, name) => {
        setFile(null);
        if (answer.duplicate) void toast.info(t('upload.duplicate'));
        else void toast.success(t('upload.done', { name }));
        onUploaded(answer);
      },
      onCancelled: () => void toast.info(t('upload.cancelled')),
    },
    transport,
  );
  const { state } = uploader;
  const sending = state.phase === 'sending';
  // The server refused this file itself: choosing another resets the uploader, so this lasts
  // exactly until then. A refusal of the account (its wall is shown) or a passing failure leaves
  // the same file to be sent again.
  const refused = state.phase === 'failed' && uploadFailure(state.error) === 'file';

  const choose = (chosen: File) => {
    setFile(chosen);
    setProblem(checkUpload(chosen, limits));
    uploader.reset();
    return false;
  };
  const submit = () => {
    if (!file) {
      void toast.warning(t('upload.chooseFirst'));
      return;
    }
    const found = checkUpload(file, limits);
    setProblem(found);
    if (!found) uploader.send(file);
  };
  const fileList: UploadFile[] = file
    ? [{ uid: 'chosen', name: file.name, size: file.size, status: 'done' }]
    : [];

  return (
    <Card className="rl-upload-panel" data-testid="upload-panel">
      <Upload.Dragger
        accept=".pdf,application/pdf"
        beforeUpload={choose}
        fileList={fileList}
        onRemove={() => {
          setFile(null);
          setProblem(null);
        }}
        disabled={sending}
        data-testid="upload-input"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.chooser.title')}</p>
        <p className="ant-upload-hint">
          {t('upload.chooser.hint', { max: format.size(limits.maxFileBytes) })}
          {freePlan && ` · ${t('upload.chooser.textOnly')}`}
        </p>
      </Upload.Dragger>
      <div className="rl-upload-panel__status">
        {problem && <UploadProblemAlert problem={problem} canUpgrade={freePlan} />}
        {state.phase === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={failureText(state.error, t('errors.upload.failed'), t)}
            data-testid="upload-error"
          />
        )}
        {sending && <UploadProgress state={state} onCancel={uploader.cancel} />}
      </div>
      {/* A refused file cannot be sent, whether the check here or the server refused it: the
          reason above says why, another file clears it. */}
      <Button
        type="primary"
        onClick={submit}
        loading={sending}
        disabled={problem !== null || refused}
        data-testid="upload-submit"
      >
        {t('upload.submit')}
      </Button>
    </Card>
  );
}
