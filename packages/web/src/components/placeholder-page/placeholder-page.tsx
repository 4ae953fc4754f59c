import { ClockCircleOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locale/en-US';

interface PlaceholderPageProps {
  title: MessageKey;
  description: MessageKey;
  icon?: ReactNode;
  extra?: ReactNode;
}

/** A page of a later issue: says what will be there, so every route resolves meanwhile. */
export function PlaceholderPage({ title, description, icon, extra }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <Result
      className="rl-placeholder-page"
      icon={icon ?? <ClockCircleOutlined />}
      title={t(title)}
      subTitle={
        <>
          <Typography.Paragraph type="secondary">{t('placeholder.later')}</Typography.Paragraph>
          <Typography.Paragraph>{t(description)}</Typography.Paragraph>
        </>
      }
      extra={extra}
      data-testid="placeholder-page"
    />
  );
}
