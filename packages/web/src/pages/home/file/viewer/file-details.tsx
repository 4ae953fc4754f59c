import type { FileInfo } from '@rl/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  analystsWithNumbers,
  assetClassLabel,
  countryLabel,
  reportLanguageLabel,
  reportTypeLabel,
} from '../../../../locale/catalogue-labels';
import { useFormatters } from '../../../../utils/use-formatters';
import { Chip } from '../../../../components/chip/chip';
import { FollowButton } from '../../../../components/follow/follow-button';
import { sectorLabel } from '../../../../locale/research-labels';
import { StockTable } from './stock-table';

/**
 * The report's facts: issuer, type, analysts (with their registration numbers), date, sector, asset
 * class, country, pages, language, tags, keywords, and the companies it covers.
 */
export function FileDetails({ info, views }: { info: FileInfo; views: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { meta } = info;
  const none = t('common.notAvailable');
  const tags = (values: string[]) =>
    values.length ? values.map((value) => <Chip key={value}>{value}</Chip>) : none;
  const items: DescriptionsProps['items'] = [
    {
      key: 'issuer',
      label: t('viewer.details.issuer'),
      children: meta.issuer.trim() ? (
        <span className="rl-viewer__followable">
          <span>{meta.issuer}</span>
          <FollowButton target={{ kind: 'issuer', issuer: meta.issuer.trim() }} name={meta.issuer.trim()} />
        </span>
      ) : (
        none
      ),
    },
    {
      key: 'type',
      label: t('viewer.details.reportType'),
      children: reportTypeLabel(t, meta.report_type) ?? none,
    },
    {
      key: 'authors',
      label: t('viewer.details.authors'),
      children: meta.author.length
        ? analystsWithNumbers(meta.author, meta.author_registrations).join(t('common.listSeparator'))
        : none,
    },
    {
      key: 'date',
      label: t('viewer.details.publishDate'),
      children: format.date(meta.publish_date) ?? none,
    },
    ...(meta.sector
      ? [{ key: 'sector', label: t('researchSearch.filter.sector'), children: sectorLabel(t, meta.sector) }]
      : []),
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
