import type { Follow } from '@rl/contract';
import { Button, Input, Popconfirm, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_LABEL_MAX } from '../../../api/follows-api';
import type { useFollowActions } from '../../../components/follow/use-follows';
import { useFormatters } from '../../../utils/use-formatters';
import { FOLLOW_KIND_KEYS, FollowTargetLink } from './follow-target-text';

interface FollowRowProps {
  follow: Follow;
  actions: ReturnType<typeof useFollowActions>;
}

/** One follow: its kind, name and what it follows; Rename (in place), a pause switch and Remove. */
export function FollowRow({ follow, actions }: FollowRowProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [renaming, setRenaming] = useState(false);
  const { update, remove } = actions;
  const pausing = update.isPending && update.variables.paused !== undefined;
  const paused = pausing ? Boolean(update.variables.paused) : follow.paused;

  return (
    <li
      className={follow.paused ? 'rl-follow-row rl-follow-row--paused' : 'rl-follow-row'}
      data-testid="follow-item"
      data-follow-id={follow.follow_id}
    >
      <div className="rl-follow-row__main">
        {renaming ? (
          <RenameInput
            initial={follow.label}
            busy={update.isPending}
            onCancel={() => setRenaming(false)}
            onSubmit={async (label) => {
              try {
                await update.mutateAsync({ follow_id: follow.follow_id, label });
                setRenaming(false);
              } catch {
                // The failure toast said so; the name stays to edit.
              }
            }}
          />
        ) : (
          <div className="rl-follow-row__title">
            <Tag className="rl-follow-row__kind" data-testid="follow-kind">
              {t(FOLLOW_KIND_KEYS[follow.kind])}
            </Tag>
            <span className="rl-follow-row__label" data-testid="follow-label">
              {follow.label}
            </span>
          </div>
        )}
        <div className="rl-follow-row__meta">
          <FollowTargetLink t={t} follow={follow} />
          <span>{t('follows.list.since', { date: format.date(follow.created_time) })}</span>
        </div>
      </div>
      <div className="rl-follow-row__actions">
        <label className="rl-follow-row__switch">
          <Switch
            size="small"
            checked={!paused}
            loading={pausing}
            onChange={(on) => update.mutate({ follow_id: follow.follow_id, paused: !on })}
            aria-label={t('follows.list.activeSwitch', { name: follow.label })}
            data-testid="follow-active"
          />
          <span>{paused ? t('follows.list.paused') : t('follows.list.active')}</span>
        </label>
        {/* A broker followed keeps its name: the issuer lists find its reports by it. */}
        {!renaming && follow.kind !== 'issuer' && (
          <Button size="small" onClick={() => setRenaming(true)} data-testid="follow-rename">
            {t('follows.list.rename')}
          </Button>
        )}
        <Popconfirm
          title={t('follows.list.removeConfirm', { name: follow.label })}
          okText={t('follows.list.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => remove.mutateAsync(follow.follow_id).catch(() => undefined)}
        >
          <Button size="small" danger data-testid="follow-remove">
            {t('follows.list.remove')}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

interface RenameInputProps {
  initial: string;
  busy: boolean;
  onSubmit(label: string): Promise<void>;
  onCancel(): void;
}

/** The follow's name to edit: Enter saves, Esc cancels. */
function RenameInput({ initial, busy, onSubmit, onCancel }: RenameInputProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(initial);
  const trimmed = label.trim();
  const unchanged = trimmed === initial.trim();
  const submit = () => {
    if (!trimmed || busy) return;
    if (unchanged) onCancel();
    else void onSubmit(trimmed);
  };
  return (
    <Space.Compact className="rl-follow-row__rename" data-testid="follow-rename-form">
      <Input
        value={label}
        maxLength={FOLLOW_LABEL_MAX}
        aria-label={t('follows.list.name')}
        autoFocus
        onChange={(event) => setLabel(event.target.value)}
        onPressEnter={submit}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
        data-testid="follow-rename-input"
      />
      <Button
        type="primary"
        loading={busy}
        disabled={!trimmed}
        onClick={submit}
        data-testid="follow-rename-save"
      >
        {t('common.save')}
      </Button>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
    </Space.Compact>
  );
}
