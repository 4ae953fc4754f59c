import type { DmcaComplaint } from '@rl/contract';
import { Alert, Drawer, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ComplaintFields } from './complaint-fields';
import { ComplaintFile } from './complaint-file';
import { ComplaintNotes } from './complaint-notes';
import { ComplaintStatusActions } from './complaint-status-actions';
import { ComplaintCounterNotice, isOpenCounterNotice } from './complaint-counter-notice';
import { useComplaintEdit } from './use-complaint-edit';
import { useCounterNoticeAction } from './use-counter-notice-action';

interface ComplaintDrawerProps {
  /** The complaint shown; null: the drawer is closed. */
  complaint: DmcaComplaint | null;
  onClose(): void;
  /** The complaint as the server answered after a change. */
  onChanged(complaint: DmcaComplaint): void;
}

/** One complaint: its fields, the status actions, the uploader's counter-notice, the linked file and the notes. */
export function ComplaintDrawer({ complaint, onClose, onChanged }: ComplaintDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={complaint !== null}
      onClose={onClose}
      title={t('adminContent.dmca.drawer.title')}
      size="large"
      destroyOnHidden
      data-testid="dmca-drawer"
    >
      {complaint && <ComplaintBody key={complaint.id} complaint={complaint} onChanged={onChanged} />}
    </Drawer>
  );
}

function ComplaintBody({
  complaint,
  onChanged,
}: {
  complaint: DmcaComplaint;
  onChanged(c: DmcaComplaint): void;
}) {
  const { t } = useTranslation();
  const edit = useComplaintEdit(complaint, onChanged);
  const counter = useCounterNoticeAction(onChanged);
  const busy = edit.isPending || counter.isPending;
  const refusal = edit.error ?? counter.error;
  const notice = complaint.counter_notice;
  return (
    <Flex vertical gap="large">
      <ComplaintStatusActions
        complaint={complaint}
        busy={busy}
        // An open counter-notice moves the status through its own decisions.
        locked={isOpenCounterNotice(notice)}
        onStatus={(status) => edit.mutate({ status })}
      />
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={t('adminContent.dmca.refused')}
          description={refusal.message}
          data-testid="dmca-edit-error"
        />
      )}
      {notice && (
        <ComplaintCounterNotice
          notice={notice}
          fileName={complaint.file_title ?? complaint.file_id ?? ''}
          busy={busy}
          onAction={(action) => counter.mutate({ id: notice.id, action })}
        />
      )}
      <ComplaintFile
        key={`file:${complaint.file_id ?? ''}`}
        complaint={complaint}
        busy={busy || isOpenCounterNotice(notice)}
        onLink={(fileId) => edit.mutate({ file_id: fileId })}
      />
      <ComplaintNotes
        key={`notes:${complaint.notes}`}
        complaint={complaint}
        busy={busy}
        onSave={(notes) => edit.mutate({ notes })}
      />
      <ComplaintFields complaint={complaint} />
    </Flex>
  );
}
