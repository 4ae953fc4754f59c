import { ClockCircleOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { publicFormKeys, publicFormsApi } from '../../../api/public-forms-api';

interface ContactLine {
  key: string;
  icon: ReactNode;
  label: string;
  content: ReactNode;
}

/** The support contacts the server configures; whatever is not configured is left out. */
export function SupportContacts() {
  const { t } = useTranslation();
  const contacts = useQuery({
    queryKey: publicFormKeys.contacts,
    queryFn: ({ signal }) => publicFormsApi.contacts({ signal }),
  });

  if (contacts.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (contacts.isError) {
    return <Typography.Text type="secondary">{t('publicForms.contact.contactsFailed')}</Typography.Text>;
  }
  const { email, phone, hours } = contacts.data;
  const lines: ContactLine[] = [];
  if (email) {
    lines.push({
      key: 'email',
      icon: <MailOutlined />,
      label: t('publicForms.contact.email'),
      content: <a href={`mailto:${email}`}>{email}</a>,
    });
  }
  if (phone) {
    lines.push({
      key: 'phone',
      icon: <PhoneOutlined />,
      label: t('publicForms.contact.phone'),
      content: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>,
    });
  }
  if (hours) {
    lines.push({
      key: 'hours',
      icon: <ClockCircleOutlined />,
      label: t('publicForms.contact.hours'),
      content: hours,
    });
  }
  if (!lines.length) {
    return <Typography.Text type="secondary">{t('publicForms.contact.noContacts')}</Typography.Text>;
  }
  return (
    <dl className="rl-contact-us__contacts" data-testid="support-contacts">
      {lines.map((line) => (
        <div key={line.key} className="rl-contact-us__contact" data-contact={line.key}>
          <dt>
            {line.icon} {line.label}
          </dt>
          <dd>{line.content}</dd>
        </div>
      ))}
    </dl>
  );
}
