import { SEARCH_MAX_KEYWORD_LENGTH } from '@rl/contract/constants';
// The search box alone, not antd's whole Input family (TextArea, OTP, Password).
import Search from 'antd/es/input/Search';
import { useTranslation } from 'react-i18next';

interface KeywordSearchProps {
  keyword: string;
  onSearch(keyword: string): void;
}

/**
 * The keyword box; Enter or the button searches. It resets whenever the URL's keyword changes.
 * (No spinner on the button: the result list shows the progress, and the spinner's width
 * animation forces a layout on every search.)
 */
export function KeywordSearch({ keyword, onSearch }: KeywordSearchProps) {
  const { t } = useTranslation();
  return (
    <Search
      key={keyword}
      defaultValue={keyword}
      size="large"
      allowClear
      enterButton={t('search.keyword.submit')}
      placeholder={t('search.keyword.placeholder')}
      maxLength={SEARCH_MAX_KEYWORD_LENGTH}
      aria-label={t('search.keyword.placeholder')}
      onSearch={(value, _event, info) => {
        if (info?.source === 'clear' && !keyword) return;
        onSearch(value.trim());
      }}
      className="rl-keyword-search"
      data-testid="keyword-search"
    />
  );
}
