import { ContactSubmitRequest } from '@rl/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../../api/error-catalogue';
import { publicFormsApi } from '../../../api/public-forms-api';
import { showServerError } from '../../../components/account-fields/server-error';
import { contractRule, issueMessage } from '../../../components/security-check/public-form-rules';
import { SecurityCheckItem } from '../../../components/security-check/security-check-item';
import { useToast } from '../../../components/toast/toast-context';
import { isLoggedIn, useUserStore } from '../../../stores/user-store';

interface ContactValues {
  subject: string;
  message: string;
  email: string;
  altcha: string;
}

const { shape } = ContactSubmitRequest;

/**
 * The message form: subject, message, reply e-mail (the logged-in user's by default) and, for
 * visitors only, the security check. A sent message clears the form; a refusal is shown on the
 * field the server names, else in a toast.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const loggedIn = useUserStore((s) => isLoggedIn(s));
  const userEmail = useUserStore((s) => s.user?.email ?? '');
  const [form] = Form.useForm<ContactValues>();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const subject = t('publicForms.contact.subject');
  const message = t('publicForms.contact.message');
  const email = t('publicForms.contact.replyEmail');

  // A restored session brings the user's e-mail after the first render: fill it in unless typed.
  useEffect(() => {
    if (userEmail && !form.getFieldValue('email')) form.setFieldValue('email', userEmail);
  }, [form, userEmail]);

  const send = async (values: ContactValues) => {
    const parsed = ContactSubmitRequest.safeParse({
      subject: values.subject,
      message: values.message,
      email: values.email,
      ...(loggedIn ? {} : { altcha: values.altcha }),
    });
    if (!parsed.success) {
      const labels: Record<string, string> = { subject, message, email };
      form.setFields(
        parsed.error.issues.map((issue) => {
          const name = String(issue.path[0]) as keyof ContactValues;
          const text = labels[name];
          return {
            name,
            errors: [text ? issueMessage(issue, text, t) : t('publicForms.securityCheck.required')],
          };
        }),
      );
      return;
    }
    const request = parsed.data;
    setSending(true);
    setSentTo(null);
    try {
      await publicFormsApi.contactSubmit(request);
      void toast.success(t('publicForms.contact.sent'));
      setSentTo(request.email);
      form.resetFields();
      form.setFieldValue('email', userEmail);
    } catch (error) {
      // The solution was spent by this call: a new check is needed.
      form.setFieldValue('altcha', '');
      const message = showServerError(form, error, t);
      if (message) void toast.error({ content: message, duration: ERROR_TOAST_SECONDS });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<ContactValues>
      form={form}
      layout="vertical"
      noValidate
      initialValues={{ subject: '', message: '', email: userEmail, altcha: '' }}
      onFinish={(values) => void send(values)}
      data-testid="contact-form"
    >
      {sentTo && (
        <Alert
          className="rl-contact-us__sent"
          type="success"
          showIcon
          closable
          onClose={() => setSentTo(null)}
          title={t('publicForms.contact.sent')}
          description={t('publicForms.contact.sentDetail', { email: sentTo })}
          data-testid="contact-sent"
        />
      )}
      <Form.Item name="subject" label={subject} required rules={[contractRule(shape.subject, subject, t)]}>
        <Input maxLength={shape.subject.maxLength ?? undefined} />
      </Form.Item>
      <Form.Item name="message" label={message} required rules={[contractRule(shape.message, message, t)]}>
        <Input.TextArea
          maxLength={shape.message.maxLength ?? undefined}
          showCount
          autoSize={{ minRows: 6, maxRows: 16 }}
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={email}
        required
        extra={t('publicForms.contact.replyEmailHelp')}
        rules={[contractRule(shape.email, email, t)]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      {!loggedIn && <SecurityCheckItem />}
      <Button type="primary" htmlType="submit" loading={sending} data-testid="contact-submit">
        {t('publicForms.contact.send')}
      </Button>
    </Form>
  );
}
