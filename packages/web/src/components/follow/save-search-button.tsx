import { BellOutlined } from '@ant-design/icons';
import type { SavedSearch } from '@rl/contract';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FOLLOW_LABEL_MAX } from '../../api/follows-api';
import { QueryScope } from '../../api/query-scope';
import { PATHS } from '../../router/route-meta';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../stores/user-store';
import { useToast } from '../toast/toast-context';
import { useFollowActions } from './use-follows';

interface SaveSearchButtonProps {
  /** The search on screen: its keyword and filters. */
  search: SavedSearch;
  /** Nothing to save: no keyword and no filter (it would follow every report). */
  disabled?: boolean;
}

/**
 * 'Save this search': follows the search on screen under a name the user types (the keyword by
 * default), so its new reports reach the inbox. A visitor is asked to log in.
 */
export function SaveSearchButton(props: SaveSearchButtonProps) {
  return (
    <QueryScope>
      <SaveSearch {...props} />
    </QueryScope>
  );
}

function SaveSearch({ search, disabled = false }: SaveSearchButtonProps) {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const { add } = useFollowActions();
  const toast = useToast();
  const navigate = useNavigate();
  const trimmed = name.trim();

  const start = () => {
    if (!isLoggedIn({ token })) {
      useAuthModalStore.getState().open('follows.saveSearch.requiresLogin');
      return;
    }
    setName(search.keyword.trim().slice(0, FOLLOW_LABEL_MAX));
    setOpen(true);
  };
  const save = async () => {
    if (!trimmed || add.isPending) return;
    try {
      await add.mutateAsync({ target: { kind: 'search', search }, label: trimmed });
    } catch {
      return; // The catalogue or the failure toast said why.
    }
    setOpen(false);
    void toast.success({
      content: (
        <span data-testid="save-search-done">
          {t('follows.saveSearch.done', { name: trimmed })}{' '}
          {/* The toast shows outside the router: the link navigates with this page's router. */}
          <Button type="link" size="small" onClick={() => void navigate(PATHS.follows)}>
            {t('follows.saveSearch.manage')}
          </Button>
        </span>
      ),
    });
  };

  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<BellOutlined />}
        disabled={disabled}
        title={disabled ? t('follows.saveSearch.nothing') : undefined}
        onClick={start}
        data-testid="save-search"
      >
        {t('follows.saveSearch.button')}
      </Button>
      <Modal
        open={open}
        title={t('follows.saveSearch.title')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !trimmed }}
        confirmLoading={add.isPending}
        onOk={() => void save()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        data-testid="save-search-modal"
      >
        <p className="rl-follow-save__hint">{t('follows.saveSearch.hint')}</p>
        <Input
          value={name}
          maxLength={FOLLOW_LABEL_MAX}
          placeholder={t('follows.saveSearch.namePlaceholder')}
          aria-label={t('follows.saveSearch.name')}
          autoFocus
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void save()}
          data-testid="save-search-name"
        />
      </Modal>
    </>
  );
}
