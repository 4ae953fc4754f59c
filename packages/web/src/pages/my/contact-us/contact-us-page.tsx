import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryScope } from '../../../api/query-scope';
import { ContactForm } from './contact-form';
import './contact-us.css';
import { SupportContacts } from './support-contacts';

/** /my/contact-us: the support contacts and a message form, open to everyone. */
export function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <QueryScope>
      <div className="rl-contact-us" data-testid="contact-us-page">
        <div>
          <Typography.Title level={2}>{t('publicForms.contact.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('publicForms.contact.intro')}</Typography.Paragraph>
        </div>
        <div className="rl-contact-us__grid">
          <Card title={t('publicForms.contact.formTitle')}>
            <ContactForm />
          </Card>
          <Card title={t('publicForms.contact.support')}>
            <SupportContacts />
          </Card>
        </div>
      </div>
    </QueryScope>
  );
}
