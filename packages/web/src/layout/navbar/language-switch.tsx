import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../config/locales';
import { switchLocale } from '../../locale/switch-locale';
import { useAppSettingsStore } from '../../stores/app-settings-store';

const SHORT_LABEL: Record<Locale, string> = { 'en-US': 'EN', 'zh-CN': '中' };

/** EN / 中 switch of the interface language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useAppSettingsStore((s) => s.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LOCALES.map((locale) => ({ key: locale, label: t(`navbar.language.${locale}`) })),
        onClick: ({ key }) => void switchLocale(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        // The name starts with what the button shows (EN / 中), as a voice command would say it.
        aria-label={t('navbar.language.button', { current: SHORT_LABEL[language] })}
        title={t('navbar.language.switchTo')}
        data-testid="language-switch"
      >
        {SHORT_LABEL[language]}
      </Button>
    </Dropdown>
  );
}
