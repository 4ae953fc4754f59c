import type { DmcaComplaint } from '@rl/contract';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { DmcaStatusTag, TakenDownTag } from './dmca-status-tag';
import { FileDetailsLink } from './file-details-link';

/** The complaints table's columns. */
export function useDmcaColumns(): TableColumnsType<DmcaComplaint> {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    {
      key: 'received',
      title: t('adminContent.dmca.column.received'),
      width: 170,
      render: (_, complaint) => format.dateTime(complaint.created_time),
    },
    {
      key: 'complainant',
      title: t('adminContent.dmca.column.complainant'),
      width: 220,
      render: (_, complaint) => (
        <>
          <Typography.Text ellipsis style={{ display: 'block' }}>
            {complaint.first_name} {complaint.last_name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {complaint.email}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'holder',
      title: t('adminContent.dmca.column.holder'),
      width: 180,
      ellipsis: true,
      dataIndex: 'copyright_holder',
    },
    {
      key: 'filename',
      title: t('adminContent.dmca.column.filename'),
      ellipsis: true,
      render: (_, complaint) =>
        complaint.file_id ? (
          <FileDetailsLink fileId={complaint.file_id}>
            {complaint.file_title ?? complaint.filename}
          </FileDetailsLink>
        ) : (
          complaint.filename
        ),
    },
    {
      key: 'status',
      title: t('adminContent.dmca.column.status'),
      width: 140,
      render: (_, complaint) => <DmcaStatusTag status={complaint.status} />,
    },
    {
      key: 'takenDown',
      title: t('adminContent.dmca.column.takenDown'),
      width: 130,
      render: (_, complaint) => (complaint.file_taken_down_time ? <TakenDownTag /> : '–'),
    },
  ];
}
