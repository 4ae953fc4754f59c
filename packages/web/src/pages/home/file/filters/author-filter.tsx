import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface AuthorFilterProps {
  value: string | undefined;
  onChange(author: string | undefined): void;
}

/** Author name; applied on Enter or when the box loses focus. */
export function AuthorFilter({ value, onChange }: AuthorFilterProps) {
  const { t } = useTranslation();
  const apply = (text: string) => {
    const author = text.trim() || undefined;
    if (author !== value) onChange(author);
  };
  return (
    <Input
      id="filter-author"
      key={value ?? ''}
      defaultValue={value}
      allowClear
      maxLength={200}
      placeholder={t('search.filter.author.placeholder')}
      onPressEnter={(event) => apply(event.currentTarget.value)}
      onBlur={(event) => apply(event.currentTarget.value)}
      onChange={(event) => event.type === 'click' && apply('')}
      data-testid="filter-author"
    />
  );
}
