import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { LanguageSwitch } from '../../../layout/navbar/language-switch';
import { ThemeToggle } from '../../../layout/navbar/theme-toggle';
import { isAdminLoggedIn, useAdminSessionStore } from '../../../stores/admin-session-store';
import { adminErrorMessage, redirectTarget } from '../layout/admin-failure';
import { adminApi } from '../shared/admin-api';
import { LockIcon, UserIcon } from '../shared/admin-icons';
import './admin-login-page.css';

interface LoginValues {
  username: string;
  passwd: string;
}

/**
 * `/admin/login`: the console's own login page (not the user app's dialog). On success the admin
 * session is stored and the page in `redirect` (a console page) or the dashboard opens.
 */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = useAdminSessionStore((s) => s.token);
  const expiresTime = useAdminSessionStore((s) => s.expiresTime);
  const setSession = useAdminSessionStore((s) => s.setSession);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const target = redirectTarget(searchParams.get('redirect'));

  if (!submitting && isAdminLoggedIn({ token, expiresTime })) {
    return <Navigate to={target} replace />;
  }

  const submit = async (values: LoginValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const answer = await adminApi.login(
        { username: values.username.trim(), passwd: values.passwd },
        { hideErrorMessage: true },
      );
      setSession(answer.token, answer.admin_info, answer.expires_time);
      await navigate(target, { replace: true });
    } catch (failure) {
      setError(isApiError(failure) ? adminErrorMessage(failure, t) : t('errors.request.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Flex className="rl-admin-login" vertical align="center" justify="center" data-testid="admin-login-page">
      <Flex className="rl-admin-login__tools" gap={4}>
        <LanguageSwitch />
        <ThemeToggle />
      </Flex>
      <Card className="rl-admin-login__card">
        <Flex vertical align="center" gap={8} className="rl-admin-login__head">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <Typography.Title level={3}>{t('admin.title')}</Typography.Title>
          <Typography.Text type="secondary">{t('admin.login.subtitle')}</Typography.Text>
        </Flex>
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            className="rl-admin-login__error"
            data-testid="admin-login-error"
          />
        )}
        <Form<LoginValues>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
          onValuesChange={() => setError(null)}
          disabled={submitting}
        >
          <Form.Item
            name="username"
            label={t('admin.login.username')}
            rules={[{ required: true, whitespace: true, message: t('admin.login.username.errMsg') }]}
          >
            <Input prefix={<UserIcon />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="passwd"
            label={t('admin.login.password')}
            rules={[{ required: true, message: t('admin.login.password.errMsg') }]}
          >
            <Input.Password prefix={<LockIcon />} autoComplete="current-password" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={submitting}
            data-testid="admin-login-submit"
          >
            {t('admin.login.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
