import type { DmcaComplaint } from '@rl/contract';
import { Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { DmcaStatusTag } from './dmca-status-tag';

/** Text as written by the complainant: line breaks kept, never read as HTML. */
const plain = (text: string) => (
  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text}</Typography.Paragraph>
);

/** Every field of a complaint, as the complainant sent it and as it has been handled. */
export function ComplaintFields({ complaint }: { complaint: DmcaComplaint }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const field = (key: string, label: string, children: React.ReactNode, span = 1) => ({
    key,
    label,
    children,
    span,
  });
  const items: DescriptionsProps['items'] = [
    field('status', t('adminContent.dmca.field.status'), <DmcaStatusTag status={complaint.status} />),
    field('id', t('adminContent.dmca.field.id'), <Typography.Text copyable>{complaint.id}</Typography.Text>),
    field('received', t('adminContent.dmca.field.received'), format.dateTime(complaint.created_time)),
    field('updated', t('adminContent.dmca.field.updated'), format.dateTime(complaint.updated_time)),
    field('handledBy', t('adminContent.dmca.field.handledBy'), complaint.handled_by ?? '–'),
    field('ip', t('adminContent.dmca.field.ip'), complaint.ip),
    field('firstName', t('adminContent.dmca.field.firstName'), complaint.first_name),
    field('lastName', t('adminContent.dmca.field.lastName'), complaint.last_name),
    field('email', t('adminContent.dmca.field.email'), complaint.email),
    field('phone', t('adminContent.dmca.field.phone'), complaint.phone),
    field('address', t('adminContent.dmca.field.address'), complaint.address, 2),
    field('city', t('adminContent.dmca.field.city'), complaint.city),
    field('state', t('adminContent.dmca.field.state'), complaint.state),
    field('zip', t('adminContent.dmca.field.zip'), complaint.zip_code),
    field('country', t('adminContent.dmca.field.country'), complaint.country),
    field('holder', t('adminContent.dmca.field.holder'), complaint.copyright_holder, 2),
    field('filename', t('adminContent.dmca.field.filename'), plain(complaint.filename), 2),
    field('description', t('adminContent.dmca.field.description'), plain(complaint.description), 2),
    field('signature', t('adminContent.dmca.field.signature'), complaint.signature, 2),
  ];
  return <Descriptions bordered size="small" column={2} items={items} data-testid="dmca-fields" />;
}
