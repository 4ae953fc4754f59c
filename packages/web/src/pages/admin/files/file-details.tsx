import type { AdminFileDetail } from '@rl/contract';
import { Descriptions, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  analystsWithNumbers,
  assetClassLabel,
  countryLabel,
  reportLanguageLabel,
  reportTypeLabel,
} from '../../../locale/catalogue-labels';
import type { MessageKey } from '../../../locale/en-US';
import { useAdminFormat } from '../shared/admin-format';
import { FileDmcaCell } from './file-dmca-cell';
import { FileStatusTag } from '../../../components/file-status-tag/file-status-tag';

/** The label of each field a person may correct (the server's CORRECTABLE_FIELDS). */
const CORRECTED_LABELS: Record<string, MessageKey> = {
  title: 'adminContent.files.field.title',
  issuer: 'adminContent.files.field.issuer',
  publish_date: 'adminContent.files.field.publishDate',
  authors: 'adminContent.files.field.authors',
  report_type: 'adminContent.files.field.reportType',
  tags: 'adminContent.files.field.tags',
  asset_class: 'adminContent.files.field.assetClass',
  country: 'adminContent.files.field.country',
  language: 'adminContent.files.field.language',
  stock_information: 'researchEdit.companies',
  sector: 'researchEdit.sector',
};

const list = (values: string[]) => (values.length > 0 ? values.join(', ') : '–');

/** Every field of a file as the console knows it. */
export function FileDetails({ file }: { file: AdminFileDetail }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  /** A corrected field by the label its row has above. */
  const correctedLabel = (field: string) => {
    const key = CORRECTED_LABELS[field];
    return key ? t(key) : field;
  };
  const items: DescriptionsProps['items'] = [
    { key: 'title', label: t('adminContent.files.field.title'), children: file.title, span: 2 },
    { key: 'fileName', label: t('adminContent.files.field.fileName'), children: file.file_name, span: 2 },
    {
      key: 'id',
      label: t('adminContent.files.field.id'),
      children: <Typography.Text copyable>{file.id}</Typography.Text>,
      span: 2,
    },
    { key: 'issuer', label: t('adminContent.files.field.issuer'), children: file.issuer || '–' },
    {
      key: 'authors',
      label: t('adminContent.files.field.authors'),
      children: list(analystsWithNumbers(file.authors, file.author_registrations)),
    },
    {
      key: 'reportType',
      label: t('adminContent.files.field.reportType'),
      children: reportTypeLabel(t, file.report_type) ?? '–',
    },
    { key: 'status', label: t('adminContent.files.field.status'), children: <FileStatusTag file={file} /> },
    {
      key: 'visibility',
      label: t('adminContent.files.field.visibility'),
      children: <Tag>{t(`adminContent.files.visibility.${file.visibility}`)}</Tag>,
    },
    {
      key: 'publishDate',
      label: t('adminContent.files.field.publishDate'),
      children: format.date(file.publish_date),
    },
    {
      key: 'assetClass',
      label: t('adminContent.files.field.assetClass'),
      children: assetClassLabel(t, file.asset_class) ?? '–',
    },
    {
      key: 'country',
      label: t('adminContent.files.field.country'),
      children: countryLabel(t, file.country) ?? '–',
    },
    {
      key: 'language',
      label: t('adminContent.files.field.language'),
      children: reportLanguageLabel(t, file.language) ?? '–',
    },
    { key: 'tags', label: t('adminContent.files.field.tags'), children: list(file.tags), span: 2 },
    {
      key: 'corrected',
      label: t('adminContent.files.field.corrected'),
      span: 2,
      children:
        file.corrected_fields.length > 0
          ? file.corrected_fields.map((field) => <Tag key={field}>{correctedLabel(field)}</Tag>)
          : t('adminContent.files.field.corrected.none'),
    },
    { key: 'source', label: t('adminContent.files.field.source'), children: file.source },
    {
      key: 'owner',
      label: t('adminContent.files.field.owner'),
      children: file.owner_username ?? file.owner_id ?? t('adminContent.files.owner.library'),
    },
    { key: 'size', label: t('adminContent.files.field.size'), children: format.size(file.size_bytes) },
    { key: 'pages', label: t('adminContent.files.field.pages'), children: format.number(file.page_count) },
    { key: 'views', label: t('adminContent.files.field.views'), children: format.number(file.views) },
    {
      key: 'downloads',
      label: t('adminContent.files.field.downloads'),
      children: format.number(file.downloads),
    },
    { key: 'stars', label: t('adminContent.files.field.stars'), children: format.number(file.stars) },
    {
      key: 'dmca',
      label: t('adminContent.files.field.dmca'),
      children: <FileDmcaCell file={file} detailed />,
      span: 2,
    },
    {
      key: 'uploaded',
      label: t('adminContent.files.field.uploaded'),
      children: format.dateTime(file.upload_time),
    },
    {
      key: 'updated',
      label: t('adminContent.files.field.updated'),
      children: format.dateTime(file.updated_time),
    },
    {
      key: 'summary',
      label: t('adminContent.files.field.summary'),
      span: 2,
      children: file.summary ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {file.summary}
        </Typography.Paragraph>
      ) : (
        '–'
      ),
    },
  ];
  return <Descriptions bordered size="small" column={2} items={items} data-testid="file-details-fields" />;
}
