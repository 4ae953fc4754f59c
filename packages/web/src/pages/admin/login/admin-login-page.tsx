import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { deviceFingerprint } from '../../../api/fingerprint';
import { CodeInput } from '../../../components/account-fields/code-input';
import { fieldRules } from '../../../components/account-fields/field-rules';
import {
  tooFrequentMessage,
  verificationMessage,
  verificationTone,
} from '../../../components/auth-modal/login-refusal';
import { LanguageSwitch } from '../../../layout/navbar/language-switch';
import { ThemeToggle } from '../../../layout/navbar/theme-toggle';
import { isAdminLoggedIn, useAdminSessionStore } from '../../../stores/admin-session-store';
import { adminErrorMessage, redirectTarget } from '../layout/admin-failure';
import { useDocumentTitle } from '../../../router/use-page-title';
import { adminSessionApi } from '../../../api/admin/session-api';
import { LockIcon, UserIcon } from '../shared/admin-icons';
import './admin-login-page.css';

interface LoginValues {
  username: string;
  passwd: string;
  code?: string;
}

/**
 * `/admin/login`: the console's own login page (not the user app's dialog). From a new device (or
 * while many logins fail on the account) the server asks for the code it sent to the account, as
 * the user login does: the code field appears with the server's reason and a resend button (which
 * repeats the login without a code). On success the admin session is stored and the page in
 * `redirect` (a console page) or the dashboard opens.
 */
export function AdminLoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = useAdminSessionStore((s) => s.token);
  const expiresTime = useAdminSessionStore((s) => s.expiresTime);
  const setSession = useAdminSessionStore((s) => s.setSession);
  const [form] = Form.useForm<LoginValues>();
  const [error, setError] = useState<string | null>(null);
  const [verification, setVerification] = useState<{ text: string; sentCode: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const target = redirectTarget(searchParams.get('redirect'));

  if (!submitting && isAdminLoggedIn({ token, expiresTime })) {
    return <Navigate to={target} replace />;
  }

  const send = (values: LoginValues) => {
    const code = values.code?.trim();
    return adminSessionApi.login(
      {
        username: values.username.trim(),
        passwd: values.passwd,
        ...(code ? { code } : {}),
        fingerprint: deviceFingerprint(),
      },
      { hideErrorMessage: true },
    );
  };

  const fail = (failure: unknown, sentCode: boolean) => {
    if (!isApiError(failure)) return setError(t('errors.request.failed'));
    if (failure.needVerification)
      return setVerification({ text: verificationMessage(failure, t, sentCode), sentCode });
    setError(failure.status === 429 ? tooFrequentMessage(failure, t) : adminErrorMessage(failure, t));
  };

  const submit = async (values: LoginValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const answer = await send(values);
      setSession(answer.token, answer.admin_info, answer.expires_time);
      await navigate(target, { replace: true });
    } catch (failure) {
      fail(failure, Boolean(values.code?.trim()));
    } finally {
      setSubmitting(false);
    }
  };

  /** The server sends the code again when the login is repeated without one. */
  const resendCode = async () => {
    const { username = '', passwd = '' } = form.getFieldsValue([
      'username',
      'passwd',
    ]) as Partial<LoginValues>;
    try {
      await send({ username, passwd });
    } catch (failure) {
      // The expected answer: the code is on its way.
      if (isApiError(failure) && failure.needVerification) return;
      fail(failure, false);
      throw failure;
    }
  };

  return (
    <Flex
      component="main"
      className="rl-admin-login"
      vertical
      align="center"
      justify="center"
      data-testid="admin-login-page"
    >
      <Flex className="rl-admin-login__tools" gap={4}>
        <LanguageSwitch />
        <ThemeToggle />
      </Flex>
      <Card className="rl-admin-login__card">
        <Flex vertical align="center" gap={8} className="rl-admin-login__head">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <Typography.Title level={1} className="rl-admin-login__title">
            {t('admin.title')}
          </Typography.Title>
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
        {verification !== null && (
          <Alert
            type={verificationTone(verification.sentCode)}
            showIcon
            title={verification.text}
            className="rl-admin-login__error"
            data-testid="admin-login-verification"
          />
        )}
        <Form<LoginValues>
          form={form}
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
          {verification !== null && (
            <Form.Item name="code" label={t('login.form.code')} rules={fieldRules(t).loginCode}>
              <CodeInput onSend={resendCode} />
            </Form.Item>
          )}
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
