import type { DmcaComplaint } from '@rl/contract';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TakenDownTag } from './dmca-status-tag';
import { FileDetailsLink } from './file-details-link';
import { FilePicker } from './file-picker';

interface ComplaintFileProps {
  complaint: DmcaComplaint;
  busy: boolean;
  /** Links the complaint to a file, or with null unlinks it. */
  onLink(fileId: string | null): void;
}

/** The file the complaint is about: shown with a link to its details, linked by id or by search. */
export function ComplaintFile({ complaint, busy, onLink }: ComplaintFileProps) {
  const { t } = useTranslation();
  const [fileId, setFileId] = useState('');
  const typed = fileId.trim();
  return (
    <section data-testid="dmca-file">
      <Typography.Title level={5}>{t('adminContent.dmca.file.title')}</Typography.Title>
      <Flex vertical gap={8}>
        {complaint.file_id ? (
          <Space wrap>
            <FileDetailsLink fileId={complaint.file_id}>
              {complaint.file_title ?? complaint.file_id}
            </FileDetailsLink>
            <Typography.Text type="secondary" code>
              {complaint.file_id}
            </Typography.Text>
            {complaint.file_taken_down_time && <TakenDownTag />}
            <Button size="small" disabled={busy} onClick={() => onLink(null)} data-testid="dmca-file-unlink">
              {t('adminContent.dmca.file.unlink')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('adminContent.dmca.file.none')}</Typography.Text>
        )}
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={fileId}
            placeholder={t('adminContent.dmca.file.idPlaceholder')}
            aria-label={t('adminContent.dmca.file.id')}
            onChange={(event) => setFileId(event.target.value)}
            onPressEnter={() => typed && onLink(typed)}
            data-testid="dmca-file-id"
          />
          <Button disabled={busy || !typed} onClick={() => onLink(typed)} data-testid="dmca-file-link-id">
            {t('adminContent.dmca.file.link')}
          </Button>
        </Space.Compact>
        <FilePicker disabled={busy} onPick={onLink} />
      </Flex>
    </section>
  );
}
