import { COLLECTION_NAME_MAX } from '@rl/contract/constants';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CollectionNameInputProps {
  initialName?: string;
  submitLabel: string;
  busy: boolean;
  /** Resolves to whether the name was saved; a saved new name clears the field. */
  onSubmit(name: string): Promise<boolean>;
  onCancel?(): void;
  autoFocus?: boolean;
  testId: string;
}

/** A collection name with its button: creates a collection or renames one (Enter submits, Esc cancels). */
export function CollectionNameInput({
  initialName = '',
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  autoFocus,
  testId,
}: CollectionNameInputProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const unchanged = initialName !== '' && trimmed === initialName.trim();
  const submit = async () => {
    if (!trimmed || unchanged || busy) return;
    if ((await onSubmit(trimmed)) && !initialName) setName('');
  };
  return (
    <Space.Compact className="rl-collection-name" data-testid={testId}>
      <Input
        value={name}
        maxLength={COLLECTION_NAME_MAX}
        placeholder={t('library.collection.namePlaceholder')}
        aria-label={t('library.collection.name')}
        autoFocus={autoFocus}
        onChange={(event) => setName(event.target.value)}
        onPressEnter={() => void submit()}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) {
            event.stopPropagation();
            onCancel();
          }
        }}
        data-testid={`${testId}-input`}
      />
      <Button
        type="primary"
        loading={busy}
        disabled={!trimmed || unchanged}
        onClick={() => void submit()}
        data-testid={`${testId}-submit`}
      >
        {submitLabel}
      </Button>
      {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
    </Space.Compact>
  );
}
