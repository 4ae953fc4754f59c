import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CompanyDetailResponse } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { companyApi, companyKeys } from '../../../api/company-api';
import { loadContract } from '../../../api/contract';
import { applyErrorCatalogue } from '../../../api/http-client';
import { QueryScope } from '../../../api/query-scope';
import { Chip } from '../../../components/chip/chip';
import { FollowButton } from '../../../components/follow/follow-button';
import { companyPath, PATHS } from '../../../router/route-meta';
import { usePageTitleDetail } from '../../../router/use-page-title';
import { PARAM } from '../../../stores/search-criteria';
import { useViewerStore } from '../../../stores/viewer-store';
import { useViewport } from '../../../utils/use-viewport';
import '../file/file-page.css';
import { ViewerFallback } from '../file/viewer-fallback';
import { BrokerViews } from './broker-views';
import './company-page.css';
import { CompanyReports } from './company-reports';
import { RatingDistribution } from './rating-distribution';
import { sectorLabel } from '../../../locale/research-labels';

// ECharts is large: the chart loads after the page's words and numbers are on screen.
const TargetChart = lazy(() => import('./target-chart').then((module) => ({ default: module.TargetChart })));

// The search page's viewer, loaded when a report is opened from this page.
const FileViewer = lazy(() =>
  import('../file/viewer/file-viewer').then((module) => {
    module.prepareViewer();
    return { default: module.FileViewer };
  }),
);

type Company = CompanyDetailResponse['company'];

/**
 * The company's detail by its ticker or any of its names, or null when no note covers it (the
 * server's 404, or a path that is neither): the page says so in place instead of leaving for the not-found page.
 */
function useCompanyDetail(ticker: string) {
  const detail = useQuery({
    queryKey: companyKeys.detail(ticker),
    queryFn: async ({ signal }) => {
      const contract = await loadContract();
      // A path that is no ticker may be a company's name (`/home/company/腾讯`).
      const byName = !contract.CanonicalTicker.safeParse(ticker).success;
      if (byName && !contract.CompanyNameInput.safeParse(ticker).success) return null;
      try {
        return byName
          ? await companyApi.detailByName(ticker, { signal, catalogue: false })
          : await companyApi.detail(ticker, { signal, catalogue: false });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
  // Other failures are shown in place; the catalogue still handles login and plan walls.
  useEffect(() => {
    if (isApiError(detail.error)) applyErrorCatalogue(detail.error, { hideErrorMessage: true });
  }, [detail.error]);
  return detail;
}

/**
 * A company's page (/home/company/:ticker): its brokers' latest views, their targets over time,
 * the rating distribution and every note on it. A report opens beside the notes, as on the
 * search page; the plan walls apply to the reports, not to the page.
 */
export function CompanyPage() {
  return (
    <QueryScope>
      <CompanyPageContent />
    </QueryScope>
  );
}

function CompanyPageContent() {
  const { t } = useTranslation();
  const { narrow } = useViewport();
  const ticker = useParams().ticker ?? '';
  const [params, setParams] = useSearchParams();
  const fileId = params.get(PARAM.file)?.trim() || null;
  const showFileList = useViewerStore((s) => s.showFileList);
  const detail = useCompanyDetail(ticker);
  const company = detail.data?.company ?? null;
  useCanonicalPath(ticker, company);
  usePageTitleDetail(company ? `${company.name} (${company.ticker})` : ticker);

  const fileSearch = useCallback(
    (id: string) => `?${new URLSearchParams({ [PARAM.file]: id }).toString()}`,
    [],
  );
  const closeFile = useCallback(() => setParams({}), [setParams]);

  if (fileId) {
    return (
      <div
        className={['rl-company', 'rl-company--viewing', narrow && 'rl-company--narrow']
          .filter(Boolean)
          .join(' ')}
        data-testid="company-page"
      >
        {!narrow && <CompanyHeader ticker={ticker} company={company} compact />}
        <div className="rl-company__body">
          {showFileList && !narrow && (
            <CompanyReports
              ticker={company?.ticker ?? ticker}
              selectedFileId={fileId}
              fileSearch={fileSearch}
              scrolls
            />
          )}
          <Suspense fallback={<ViewerFallback />}>
            <FileViewer key={fileId} fileId={fileId} onClose={closeFile} />
          </Suspense>
        </div>
      </div>
    );
  }

  return (
    <div className="rl-company rl-company--overview" data-testid="company-page">
      <CompanyHeader ticker={ticker} company={company} />
      {detail.isPending && (
        <div className="rl-company__loading" aria-busy="true" data-testid="company-loading">
          <span className="rl-visually-hidden">{t('company.loading')}</span>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title={t('company.error.title')}
          description={detail.error.message}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="company-error"
        />
      )}
      {detail.data === null && <NotCovered ticker={ticker} />}
      {detail.data && (
        <>
          <div className="rl-company__grid">
            <section className="rl-company__card rl-company__chart" aria-labelledby="rl-company-chart-title">
              <h2 id="rl-company-chart-title" className="rl-company__section-title">
                {t('company.chart.title')}
              </h2>
              <Suspense fallback={<ChartLoading />}>
                <TargetChart history={detail.data.history} />
              </Suspense>
            </section>
            <section
              className="rl-company__card rl-company__distribution"
              aria-labelledby="rl-company-distribution-title"
            >
              <h2 id="rl-company-distribution-title" className="rl-company__section-title">
                {t('company.distribution.title')}
              </h2>
              <RatingDistribution counts={detail.data.rating_distribution} />
            </section>
            <section className="rl-company__card rl-company__views" aria-labelledby="rl-company-views-title">
              <h2 id="rl-company-views-title" className="rl-company__section-title">
                {t('company.views.title')}
              </h2>
              <BrokerViews views={detail.data.latest_views} fileSearch={fileSearch} />
            </section>
          </div>
          <div className="rl-company__card rl-company__reports">
            <CompanyReports
              ticker={detail.data.company.ticker}
              selectedFileId={null}
              fileSearch={fileSearch}
              scrolls={false}
            />
          </div>
        </>
      )}
    </div>
  );
}

/** A ticker typed another way (`600519`) is shown at the canonical address the server answered. */
function useCanonicalPath(ticker: string, company: Company | null) {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    if (company && company.ticker !== ticker)
      void navigate(`${companyPath(company.ticker)}${search}`, { replace: true });
  }, [company, ticker, search, navigate]);
}

function CompanyHeader({
  ticker,
  company,
  compact = false,
}: {
  ticker: string;
  company: Company | null;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const otherNames = company ? company.names.filter((name) => name !== company.name).slice(0, 3) : [];
  return (
    <header className={compact ? 'rl-company__header rl-company__header--compact' : 'rl-company__header'}>
      <Link to={PATHS.file} className="rl-company__back" data-testid="company-back">
        <ArrowLeftOutlined /> {t('company.backToSearch')}
      </Link>
      <div className="rl-company__title-row">
        <h2 className="rl-company__name" data-testid="company-name">
          {company?.name ?? ticker}
        </h2>
        {company && <span className="rl-company__ticker">{company.ticker}</span>}
        {company?.exchange && <Chip>{company.exchange}</Chip>}
        {company?.sector && <Chip tone="primary">{sectorLabel(t, company.sector)}</Chip>}
        {company && (
          <span className="rl-company__count">
            {t('company.reportCount', { count: company.report_count })}
          </span>
        )}
        {company && (
          <FollowButton
            target={{ kind: 'company', ticker: company.ticker }}
            name={company.name}
            className="rl-company__follow"
          />
        )}
      </div>
      {!compact && otherNames.length > 0 && (
        <div className="rl-company__names">
          {t('company.alsoKnownAs', { names: otherNames.join(t('common.listSeparator')) })}
        </div>
      )}
    </header>
  );
}

function NotCovered({ ticker }: { ticker: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Empty
      className="rl-company__not-found"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div className="rl-company__not-found-title">{t('company.notFound.title')}</div>
          <div className="rl-company__not-found-hint">{t('company.notFound.hint', { ticker })}</div>
        </>
      }
      data-testid="company-not-found"
    >
      <Button type="primary" onClick={() => void navigate(PATHS.file)}>
        {t('company.backToSearch')}
      </Button>
    </Empty>
  );
}

function ChartLoading() {
  const { t } = useTranslation();
  return (
    <div className="rl-company-chart__loading" data-testid="company-chart-loading">
      <span className="rl-visually-hidden">{t('company.chart.loading')}</span>
      <Skeleton active title={false} paragraph={{ rows: 7 }} />
    </div>
  );
}
