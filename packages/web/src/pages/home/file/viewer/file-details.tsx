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
import { ANALYST_NAME_MAX } from '../../../../api/follows-api';
import { FollowButton } from '../../../../components/follow/follow-button';
import { sectorLabel } from '../../../../locale/research-labels';
import { StockTable } from './stock-table';
import { actionText, ratingText } from '../../company/research-text';
import { FactSourceMark } from '../../../../components/fact-source/fact-source-mark';

/** The note's analysts, each with their registration number and a Follow button. */
function Analysts({ authors, numbers }: { authors: string[]; numbers: Record<string, string> }) {
  const shown = analystsWithNumbers(authors, numbers);
  return (
    <span className="rl-viewer__analysts" data-testid="analysts">
      {authors.map((author, i) => {
        const name = author.trim();
        // A name the follows cannot take (none, or longer than any analyst's) is shown without a button.
        const followable = name.length > 0 && name.length <= ANALYST_NAME_MAX;
        return (
          <span key={`${i}:${author}`} className="rl-viewer__followable">
            <span>{shown[i]}</span>
            {followable && <FollowButton target={{ kind: 'analyst', analyst: name }} name={name} />}
          </span>
        );
      })}
    </span>
  );
}

/**
 * The report's facts: issuer, type, analysts (with their registration numbers), date, sector, asset
 * class, country, pages, language, tags, keywords, and the companies it covers; an industry note's
 * view on its sector and the companies it only mentions apart from those; the issuer, each analyst
 * and the sector with a Follow button, where the reader meets them.
 */
export function FileDetails({ info, views }: { info: FileInfo; views: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { meta } = info;
  const sources = meta.sources ?? {};
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
          <FactSourceMark source={sources.issuer} testId="source-issuer" />
        </span>
      ) : (
        none
      ),
    },
    {
      key: 'type',
      label: t('viewer.details.reportType'),
      children: (
        <>
          {reportTypeLabel(t, meta.report_type) ?? none}
          <FactSourceMark source={sources.report_type} testId="source-report-type" />
        </>
      ),
    },
    {
      key: 'authors',
      label: t('viewer.details.authors'),
      children: meta.author.length ? (
        <>
          <Analysts authors={meta.author} numbers={meta.author_registrations} />
          <FactSourceMark source={sources.author} testId="source-author" />
        </>
      ) : (
        none
      ),
    },
    {
      key: 'date',
      label: t('viewer.details.publishDate'),
      children: (
        <>
          {format.date(meta.publish_date) ?? none}
          <FactSourceMark source={sources.publish_date} testId="source-date" />
        </>
      ),
    },
    ...(meta.sector
      ? [
          {
            key: 'sector',
            label: t('researchSearch.filter.sector'),
            children: (
              <span className="rl-viewer__followable">
                <span>{sectorLabel(t, meta.sector)}</span>
                <FollowButton
                  target={{ kind: 'sector', sector: meta.sector }}
                  name={sectorLabel(t, meta.sector)}
                  testId="follow-sector"
                />
                <FactSourceMark source={sources.sector} testId="source-sector" />
              </span>
            ),
          },
        ]
      : []),
    ...(meta.industry_rating
      ? [
          {
            key: 'industryRating',
            label: t('viewer.details.industryRating'),
            children: (
              <span data-testid="industry-rating">
                {[
                  ratingText(t, meta.industry_rating),
                  actionText(t, { rating_action: meta.industry_rating.rating_action, previous_rating: null }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            ),
          },
        ]
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
      {meta.mentioned_companies?.length ? <StockTable stocks={meta.mentioned_companies} mentioned /> : null}
      <div className="rl-viewer__views">{t('viewer.details.views', { count: views })}</div>
    </section>
  );
}
