import type { FileInfo } from '@rl/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { assetClassLabel, countryLabel, reportLanguageLabel } from '../../../../locale/catalogue-labels';
import { useFormatters } from '../../../../utils/use-formatters';
import { Chip } from '../../../../components/chip/chip';
import { StockTable } from './stock-table';

/** The report's facts: issuer, authors, date, asset class, country, pages, language, tags, keywords. */
export function FileDetails({ info, views }: { info: FileInfo; views: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { meta } = info;
  const none = t('common.notAvailable');
  const tags = (values: string[]) =>
    values.length ? values.map((value) => <Chip key={value}>{value}</Chip>) : none;
  const items: DescriptionsProps['items'] = [
    { key: 'issuer', label: t('viewer.details.issuer'), children: meta.issuer || none },
    {
      key: 'authors',
      label: t('viewer.details.authors'),
      children: meta.author.length ? meta.author.join(t('common.listSeparator')) : none,
    },
    {
      key: 'date',
      label: t('viewer.details.publishDate'),
      children: format.date(meta.publish_date) ?? none,
    },
    {
      key: 'asset',
      label: t('viewer.details.assetClass'),
      children: assetClassLabel(t, meta.asset_class) ?? none,
    },
    {
      key: 'country',
      label: t('viewer.details.country'),
      children: meta.geographic_region.length
        ? meta.geographic_region.map((region) => countryLabel(t, region)).join(t('common.listSeparator'))
        : none,
    },
    { key: 'pages', label: t('viewer.details.pages'), children: format.number(info.page_count) },
    { key: 'size', label: t('viewer.details.size'), children: format.size(info.size_bytes) },
    {
      key: 'language',
      label: t('viewer.details.language'),
      children: reportLanguageLabel(t, meta.language) ?? none,
    },
    { key: 'tags', label: t('viewer.details.tags'), children: tags(info.tags) },
    { key: 'keywords', label: t('viewer.details.keywords'), children: tags(meta.keywords) },
  ];
  return (
    <section className="rl-viewer__details" aria-label={t('viewer.details.title')} data-testid="file-details">
      <Descriptions
        size="small"
        column={1}
        colon={false}
        items={items}
        classNames={{ label: 'rl-viewer__details-label', content: 'rl-viewer__details-content' }}
      />
      {meta.stock_information.length > 0 && <StockTable stocks={meta.stock_information} />}
      <div className="rl-viewer__views">{t('viewer.details.views', { count: views })}</div>
    </section>
  );
}
