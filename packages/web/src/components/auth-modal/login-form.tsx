import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { ERROR_TOAST_SECONDS } from '../../api/error-catalogue';
import { readBrowserCredential, storeBrowserCredential } from '../../config/browser-credentials';
import { readLoginConfig, writeLoginConfig } from '../../config/login-config';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { login } from '../../stores/session-actions';
import { useSiteStore } from '../../stores/site-store';
import { reloadPage } from '../../utils/reload-page';
import { CodeInput } from '../account-fields/code-input';
import { fieldRules } from '../account-fields/field-rules';
import { useToast } from '../toast/toast-context';
import { tooFrequentMessage, verificationMessage, verificationTone } from './login-refusal';
import { buildLoginRequest } from './login-request';
import { sendLoginCode } from './send-login-code';

interface LoginValues {
  identifier: string;
  passwd: string;
  remember: boolean;
  code?: string;
}

/**
 * The login form (SPEC.md sections 2, 4, 5). A real form with autocomplete hints, so the
 * browser's password manager offers to keep the password; "remember" keeps the username here
 * and hands the password to the browser's credential store (never to this app's storage).
 * The code field appears when the server asks for verification, with the server's message.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<LoginValues>();
  const variant = useSiteStore((s) => s.variant);
  const [verification, setVerification] = useState<{ text: string; sentCode: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [initial] = useState(() => {
    const config = readLoginConfig();
    // An account just signed up comes first: its owner logs in with it next.
    const identifier = useAuthModalStore.getState().prefill ?? config.username;
    return { identifier, remember: config.rememberPassword, passwd: '' };
  });
  const rules = fieldRules(t);

  // With "remember" on, the browser's credential store fills in the password it keeps.
  useEffect(() => {
    if (!initial.remember) return;
    let current = true;
    void readBrowserCredential().then((stored) => {
      if (!current || !stored || form.getFieldValue('passwd')) return;
      const identifier = (form.getFieldValue('identifier') as string | undefined) ?? '';
      if (identifier && identifier !== stored.id) return;
      form.setFieldsValue({ identifier: stored.id, passwd: stored.password });
    });
    return () => {
      current = false;
    };
  }, [form, initial.remember]);
  const identifierLabel = variant === 'cn' ? t('login.form.username.cn') : t('login.form.username.global');

  const fail = (error: unknown, sentCode = false) => {
    if (isApiError(error) && error.needVerification) {
      setVerification({ text: verificationMessage(error, t, sentCode), sentCode });
      return;
    }
    const content =
      isApiError(error) && error.status === 429
        ? tooFrequentMessage(error, t)
        : (isApiError(error) && error.serverMessage) || t('login.error');
    void toast.error({ content, duration: ERROR_TOAST_SECONDS });
  };

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      await login(buildLoginRequest(values.identifier, values.passwd, values.code));
      writeLoginConfig({ rememberPassword: values.remember, username: values.identifier.trim() });
      if (values.remember) await storeBrowserCredential(values.identifier.trim(), values.passwd);
      await toast.success({ content: t('login.success'), duration: 1 });
      reloadPage();
    } catch (error) {
      fail(error, Boolean(values.code?.trim()));
    } finally {
      setSubmitting(false);
    }
  };

  const resendCode = async () => {
    const { identifier, passwd } = form.getFieldsValue(['identifier', 'passwd']) as LoginValues;
    try {
      return await sendLoginCode(identifier ?? '', passwd ?? '');
    } catch (error) {
      if (isApiError(error) && !error.needVerification) fail(error);
      throw error;
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      requiredMark={false}
      data-testid="login-form"
      name="login"
    >
      <Form.Item name="identifier" label={identifierLabel} rules={rules.loginIdentifier}>
        <Input name="username" autoComplete="username" placeholder={identifierLabel} />
      </Form.Item>
      <Form.Item name="passwd" label={t('login.form.password')} rules={rules.password}>
        <Input.Password name="password" autoComplete="current-password" />
      </Form.Item>
      {verification !== null && (
        <>
          <Alert
            type={verificationTone(verification.sentCode)}
            showIcon
            title={verification.text}
            className="rl-auth-modal__notice"
            data-testid="verification-message"
          />
          <Form.Item name="code" label={t('login.form.code')} rules={rules.loginCode}>
            <CodeInput onSend={resendCode} />
          </Form.Item>
        </>
      )}
      <Form.Item name="remember" valuePropName="checked" extra={t('login.form.rememberPassword.help')}>
        <Checkbox data-testid="login-remember">{t('login.form.rememberPassword')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {t('login.form.submit')}
      </Button>
    </Form>
  );
}
