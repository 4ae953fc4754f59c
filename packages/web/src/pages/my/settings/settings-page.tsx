import { SettingOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryScope } from '../../../api/query-scope';
import '../../../components/account-fields/account-fields.css';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../../stores/user-store';
import { AccountSection } from './account-section';
import { AiServiceSection } from './ai-service-section';
import { DigestSettingsSection } from './digest-settings-section';
import './settings-page.css';
import { SubscriptionRecords } from './subscription-records';
import { WebsiteSettingsSection } from './website-settings-section';

/**
 * /my/settings: account, website settings, the AI service and subscription records; a login prompt
 * for visitors.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const user = useUserStore((s) => s.user);
  const openLogin = useAuthModalStore((s) => s.open);

  if (!isLoggedIn({ token })) {
    return (
      <Result
        icon={<SettingOutlined />}
        title={t('account.anonymous.title')}
        subTitle={t('account.anonymous.body')}
        extra={
          <Button type="primary" onClick={() => openLogin()} data-testid="settings-login">
            {t('account.anonymous.login')}
          </Button>
        }
        data-testid="settings-anonymous"
      />
    );
  }
  if (!user) return <Spin className="rl-settings-page__loading" />;
  return (
    <QueryScope>
      <div className="rl-settings-page" data-testid="settings-page">
        <AccountSection user={user} />
        {/* Keyed by the saved settings, so Cancel after a save restores the saved values. */}
        <WebsiteSettingsSection key={JSON.stringify(user.settings)} settings={user.settings} />
        <DigestSettingsSection key={`digest-${JSON.stringify(user.settings)}`} user={user} />
        <AiServiceSection user={user} />
        <SubscriptionRecords />
      </div>
    </QueryScope>
  );
}
