import { InboxOutlined } from '@ant-design/icons';
import { UPLOAD_FILE_NAME_MAX } from '@rl/contract/constants';
import { Alert, App, Form, Input, Modal, Progress, Upload, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUpload } from './use-admin-upload';

interface UploadFileModalProps {
  open: boolean;
  onClose(): void;
  /** The file was received; it is now being processed. */
  onUploaded(): void;
}

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Uploads a PDF into the public library: a chooser, a file name, and the progress of the upload. */
export function UploadFileModal({ open, onClose, onUploaded }: UploadFileModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useAdminUpload((name) => {
    void message.success(t('adminContent.files.upload.done', { name }));
    setFile(null);
    setFileName('');
    onUploaded();
    onClose();
  });
  const sending = upload.state.phase === 'sending';

  const choose = (chosen: File) => {
    upload.reset();
    if (!isPdf(chosen)) {
      setProblem(t('adminContent.files.upload.notPdf'));
      setFile(null);
      return;
    }
    setProblem(null);
    setFile(chosen);
    setFileName(chosen.name);
  };
  const submit = () => {
    const name = fileName.trim();
    if (!file) return setProblem(t('adminContent.files.upload.chooseFirst'));
    if (!name) return setProblem(t('adminContent.files.upload.nameRequired'));
    setProblem(null);
    upload.send(file, name);
  };
  const close = () => {
    upload.cancel();
    upload.reset();
    setFile(null);
    setFileName('');
    setProblem(null);
    onClose();
  };

  const failure = upload.state.phase === 'failed' ? upload.state.message : null;
  const percent =
    upload.state.phase === 'sending' && upload.state.total > 0
      ? Math.floor((upload.state.sent / upload.state.total) * 100)
      : 0;
  return (
    <Modal
      open={open}
      title={t('adminContent.files.upload.title')}
      okText={t('adminContent.files.upload.submit')}
      cancelText={t('adminContent.action.cancel')}
      onOk={submit}
      onCancel={close}
      okButtonProps={{ loading: sending, 'data-testid': 'upload-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Upload.Dragger
          accept="application/pdf,.pdf"
          multiple={false}
          showUploadList={false}
          disabled={sending}
          beforeUpload={(chosen) => {
            choose(chosen);
            return Upload.LIST_IGNORE;
          }}
          data-testid="upload-chooser"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('adminContent.files.upload.choose')}</p>
          <p className="ant-upload-hint">{t('adminContent.files.upload.hint')}</p>
        </Upload.Dragger>
        <Form.Item
          label={t('adminContent.files.upload.fileName')}
          htmlFor="admin-upload-file-name"
          style={{ marginTop: 16 }}
        >
          <Input
            id="admin-upload-file-name"
            value={fileName}
            maxLength={UPLOAD_FILE_NAME_MAX}
            disabled={sending}
            onChange={(event) => setFileName(event.target.value)}
            data-testid="upload-file-name"
          />
        </Form.Item>
      </Form>
      {sending && <Progress percent={percent} status="active" data-testid="upload-progress" />}
      {problem && <Alert type="error" showIcon title={problem} data-testid="upload-problem" />}
      {!problem && failure && (
        <Alert
          type="error"
          showIcon
          title={t('adminContent.files.upload.failed')}
          description={failure}
          data-testid="upload-problem"
        />
      )}
    </Modal>
  );
}
