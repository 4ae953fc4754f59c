import type { ReingestProgress } from '@rl/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardApi, dashboardKeys } from '../../../api/admin/dashboard-api';
import { useAdminFormat } from '../shared/admin-format';
import { useConfirmAction } from '../shared/confirm-action';

/** Whole percent of the library read again (100 for an empty library). */
export const reingestPercent = (p: ReingestProgress): number =>
  p.total === 0 ? 100 : Math.min(100, Math.floor((p.done / p.total) * 100));

/**
 * The reading of the library: how many ready files the current reading read (or, while a
 * re-ingestion runs, how far it got), and a button that starts one once confirmed. Corrections
 * made by hand are kept; uploads go first.
 */
export function ReingestCard({ progress }: { progress: ReingestProgress }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const format = useAdminFormat();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const n = format.number;

  const start = async () => {
    let started = false;
    const confirmed = await confirmAction({
      title: t('admin.dashboard.reingest.confirm.title'),
      content: t('admin.dashboard.reingest.confirm.body', { count: progress.total }),
      okText: t('admin.dashboard.reingest.start'),
      onConfirm: async () => {
        started = (await dashboardApi.startReingest({ all: true })).started;
      },
    });
    if (!confirmed) return;
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.status });
    void message.success(
      started ? t('admin.dashboard.reingest.started') : t('admin.dashboard.reingest.alreadyRunning'),
    );
  };

  return (
    <Card title={t('admin.dashboard.reingest.title')} data-testid="stat-reingest">
      <Flex vertical gap={8}>
        <Progress
          percent={reingestPercent(progress)}
          status={progress.running ? 'active' : 'normal'}
          aria-label={t('admin.dashboard.reingest.title')}
        />
        <Typography.Text data-testid="stat-reingest-state">
          {progress.running
            ? t('admin.dashboard.reingest.running', { done: n(progress.done), total: n(progress.total) })
            : t('admin.dashboard.reingest.idle', { done: n(progress.done), total: n(progress.total) })}
        </Typography.Text>
        {progress.outdated > 0 && (
          <Typography.Text type="warning" data-testid="stat-reingest-outdated">
            {t('admin.dashboard.reingest.outdated', { count: progress.outdated })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {t('admin.dashboard.reingest.version', { version: progress.reading_version })}
        </Typography.Text>
        <div>
          <Button disabled={progress.running} onClick={() => void start()} data-testid="reingest-start">
            {t('admin.dashboard.reingest.start')}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
