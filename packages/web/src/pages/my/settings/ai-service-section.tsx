import type { UserInfo } from '@rl/contract';
import { PLANS } from '@rl/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, accountKeys } from '../../../api/account-api';
import { useFormatters } from '../../../utils/use-formatters';

/**
 * Whether this server has an AI model provider, and what that means for summaries, chat and
 * translation; with one, the plan's daily token budget for the AI features.
 */
export function AiServiceSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending, isError } = useQuery({
    queryKey: accountKeys.health,
    queryFn: ({ signal }) => accountApi.health({ signal, hideErrorMessage: true }),
    staleTime: 60_000,
  });
  const plan = PLANS[user.plan];
  return (
    <Card title={t('account.section.ai')} data-testid="ai-service">
      {isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Alert
          type={isError ? 'warning' : data.llm_configured ? 'success' : 'info'}
          showIcon
          title={
            isError
              ? t('account.ai.unknown')
              : data.llm_configured
                ? t('account.ai.configured')
                : t('account.ai.notConfigured')
          }
          description={
            isError
              ? undefined
              : data.llm_configured
                ? t('account.ai.configuredBody')
                : t('account.ai.notConfiguredBody')
          }
          data-testid="ai-service-status"
          data-configured={isError ? undefined : String(data.llm_configured)}
        />
      )}
      {data?.llm_configured && (
        <Descriptions
          className="rl-settings-page__ai-budget"
          column={1}
          size="small"
          items={[
            {
              key: 'budget',
              label: t('account.ai.budget'),
              children: t('account.ai.budgetValue', {
                input: format.number(plan.daily_tokens_in),
                output: format.number(plan.daily_tokens_out),
              }),
            },
          ]}
        />
      )}
    </Card>
  );
}
