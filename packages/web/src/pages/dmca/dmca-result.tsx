import type { DmcaSubmitResponse } from '@rl/contract';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../router/route-meta';

interface DmcaResultProps {
  answer: DmcaSubmitResponse;
  /** Where the complainant will hear from us. */
  email: string;
  onAnother(): void;
}

/** After a complaint is stored: its id and what happens next. */
export function DmcaResult({ answer, email, onAnother }: DmcaResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('publicForms.dmca.done.title')}
      subTitle={
        <span data-testid="dmca-complaint-id">
          {t('publicForms.dmca.done.id')}:{' '}
          <Typography.Text strong copyable>
            {answer.complaint_id}
          </Typography.Text>
        </span>
      }
      extra={[
        <Button key="another" onClick={onAnother} data-testid="dmca-another">
          {t('publicForms.dmca.done.another')}
        </Button>,
        <Button key="home" type="primary" onClick={() => void navigate(PATHS.file)}>
          {t('common.backHome')}
        </Button>,
      ]}
      data-testid="dmca-result"
    >
      <Typography.Title level={2} className="rl-title-size-5">
        {t('publicForms.dmca.done.next')}
      </Typography.Title>
      <ol className="rl-dmca-page__next">
        <li>{t('publicForms.dmca.done.review')}</li>
        <li>{t('publicForms.dmca.done.takedown')}</li>
        <li>{t('publicForms.dmca.done.contact', { email })}</li>
        <li>{t('publicForms.dmca.done.counter')}</li>
      </ol>
    </Result>
  );
}
