import type { DashboardStatusResponse, DailyCount } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_PATHS } from '../admin-paths';
import { dashboardApi, dashboardKeys } from '../../../api/admin/dashboard-api';
import { useAdminFormat } from '../shared/admin-format';
import {
  DmcaIcon,
  FilesIcon,
  JobsIcon,
  MessagesIcon,
  RefreshIcon,
  StorageIcon,
  TranslationsIcon,
  UsersIcon,
} from '../shared/admin-icons';
import { AdminPage } from '../shared/admin-page';
import { EChart } from '../../../components/echart/echart';
import { ReingestCard } from './reingest-card';
import type { EChartsCoreOption } from '../../../components/echart/echarts-setup';
import './dashboard-page.css';

/** A label for a key of a count map (a plan, a status…); an unknown key shows as it is. */
function useKeyLabel() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (prefix: string, key: string) => {
      const id = `${prefix}.${key}`;
      return i18n.exists(id) ? t(id as 'admin.title') : key;
    },
    [t, i18n],
  );
}

interface StatCardProps {
  title: string;
  value: string;
  icon: ReactNode;
  /** Smaller numbers under the main one. */
  details?: { label: string; value: string; tone?: 'danger' | 'warning' }[];
  to?: string;
  testId: string;
}

function StatCard({ title, value, icon, details = [], to, testId }: StatCardProps) {
  const body = (
    <Card className="rl-admin-stat" data-testid={testId} hoverable={Boolean(to)}>
      <Statistic title={title} value={value} prefix={icon} />
      {details.length > 0 && (
        <Flex wrap gap="4px 12px" className="rl-admin-stat__details">
          {details.map((detail) => (
            <Typography.Text
              key={detail.label}
              type={detail.tone}
              className="rl-admin-stat__detail"
              data-testid={`${testId}-${detail.label}`}
            >
              {detail.label}: <strong>{detail.value}</strong>
            </Typography.Text>
          ))}
        </Flex>
      )}
    </Card>
  );
  return to ? <Link to={to}>{body}</Link> : body;
}

/** `MM-DD` of a `YYYY-MM-DD` day, for the chart's axis. */
const shortDay = (date: string) => date.slice(5);

export function activityOption(status: DashboardStatusResponse, t: TFunction): EChartsCoreOption {
  const series = [
    { name: t('admin.dashboard.chart.signups'), data: status.signups_by_day },
    { name: t('admin.dashboard.chart.uploads'), data: status.uploads_by_day },
    { name: t('admin.dashboard.chart.downloads'), data: status.downloads_by_day },
  ];
  const days = (status.signups_by_day.length ? status.signups_by_day : status.downloads_by_day).map(
    (day: DailyCount) => day.date,
  );
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 40, bottom: 28 },
    xAxis: { type: 'category', boundaryGap: false, data: days.map(shortDay) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((item) => ({
      name: item.name,
      type: 'line',
      showSymbol: false,
      areaStyle: { opacity: 0.08 },
      data: item.data.map((day) => day.count),
    })),
  };
}

export function planOption(
  byPlan: Record<string, number>,
  label: (key: string) => string,
  title: string,
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0 },
    series: [
      {
        name: title,
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        label: { formatter: '{c}' },
        data: Object.entries(byPlan).map(([plan, count]) => ({ name: label(plan), value: count })),
      },
    ],
  };
}

function DashboardContent({ status }: { status: DashboardStatusResponse }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const keyLabel = useKeyLabel();
  const n = format.number;
  const entries = (counts: Record<string, number>, prefix: string) =>
    Object.entries(counts).map(([key, count]) => ({ label: keyLabel(prefix, key), value: n(count) }));

  const activity = useMemo(() => activityOption(status, t), [status, t]);
  const plans = useMemo(
    () =>
      planOption(
        status.users.by_plan,
        (plan) => keyLabel('plan.name', plan),
        t('admin.dashboard.chart.plans'),
      ),
    [status, t, keyLabel],
  );

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            testId="stat-users"
            title={t('admin.dashboard.users')}
            value={n(status.users.total)}
            icon={<UsersIcon />}
            to={ADMIN_PATHS.users}
            details={[
              ...entries(status.users.by_plan, 'plan.name'),
              ...entries(status.users.by_status, 'admin.users.status'),
            ]}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            testId="stat-files"
            title={t('admin.dashboard.files')}
            value={n(status.files.total)}
            icon={<FilesIcon />}
            to={ADMIN_PATHS.files}
            details={[
              ...entries(status.files.by_status, 'admin.dashboard.fileStatus'),
              ...entries(status.files.by_visibility, 'admin.dashboard.visibility'),
              {
                label: t('admin.dashboard.takenDown'),
                value: n(status.files.taken_down),
                tone: status.files.taken_down > 0 ? 'warning' : undefined,
              },
            ]}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            testId="stat-storage"
            title={t('admin.dashboard.storage')}
            value={format.size(status.storage_bytes)}
            icon={<StorageIcon />}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            testId="stat-jobs"
            title={t('admin.dashboard.jobs')}
            value={n(status.jobs.queued + status.jobs.running)}
            icon={<JobsIcon />}
            details={[
              { label: t('admin.dashboard.jobs.queued'), value: n(status.jobs.queued) },
              { label: t('admin.dashboard.jobs.running'), value: n(status.jobs.running) },
              {
                label: t('admin.dashboard.jobs.failed'),
                value: n(status.jobs.failed),
                tone: status.jobs.failed > 0 ? 'danger' : undefined,
              },
            ]}
          />
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <StatCard
            testId="stat-dmca"
            title={t('admin.dashboard.dmcaOpen')}
            value={n(status.dmca_open)}
            icon={<DmcaIcon />}
            to={ADMIN_PATHS.dmca}
          />
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <StatCard
            testId="stat-messages"
            title={t('admin.dashboard.messagesUnhandled')}
            value={n(status.messages_unhandled)}
            icon={<MessagesIcon />}
            to={ADMIN_PATHS.messages}
          />
        </Col>
        <Col xs={24} sm={24} xl={8}>
          <StatCard
            testId="stat-translations"
            title={t('admin.dashboard.translations')}
            value={n(Object.values(status.translations).reduce((sum, count) => sum + count, 0))}
            icon={<TranslationsIcon />}
            details={entries(status.translations, 'admin.dashboard.translation')}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <ReingestCard progress={status.reingest} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('admin.dashboard.chart.activity')}>
            <EChart option={activity} testId="chart-activity" />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('admin.dashboard.chart.plans')}>
            <EChart option={plans} testId="chart-plans" />
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary">
        {t('admin.dashboard.generated', { time: format.dateTime(status.generated_time) })}
      </Typography.Text>
    </Flex>
  );
}

/** `/admin/dashboard`: the library's numbers now and over the last 30 days. */
export function DashboardPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: dashboardKeys.status,
    queryFn: ({ signal }) => dashboardApi.status({ signal }),
    staleTime: 30_000,
    retry: false,
  });

  return (
    <AdminPage
      title={t('admin.menu.dashboard')}
      extra={
        <Button icon={<RefreshIcon />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('admin.table.refresh')}
        </Button>
      }
      testId="admin-dashboard-page"
      plain
    >
      {query.data ? (
        <DashboardContent status={query.data} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={t('admin.dashboard.failed')} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </AdminPage>
  );
}
