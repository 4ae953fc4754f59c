import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../router/route-meta';

/** The way back to the library from an error or empty page. */
export function BackHomeButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate(PATHS.file)}>
      {t('common.backHome')}
    </Button>
  );
}
