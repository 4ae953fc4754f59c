/**
 * confirmAction: asks before a console action (antd Modal.confirm through the console's <App>, so
 * it follows the theme and the language). Resolves true once confirmed (and `onConfirm` done),
 * false when cancelled. With `onConfirm` the OK button spins while the call runs and the dialog
 * stays open when it fails (the failure handler already showed why). Usage:
 *
 *   const confirmAction = useConfirmAction();
 *   await confirmAction({
 *     title: t('adminContent.files.delete.title'),
 *     content: t('adminContent.files.delete.body', { title: file.title }),
 *     danger: true,                       // red OK button ("Delete" unless okText is given)
 *     typedConfirmation: file.file_name,  // optional: OK stays disabled until this text is typed
 *     onConfirm: () => adminFilesApi.remove(file.id),   // a call of its area's module in api/admin/
 *   });
 *
 * Outside React (no hook): `confirmAction(modal, options)` with any antd modal instance
 * (`App.useApp().modal`, `Modal.useModal()[0]`).
 */
import { App, Input, Typography } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../locale/i18n';

export interface ConfirmActionOptions {
  title: ReactNode;
  content?: ReactNode;
  /** Default: "OK" ("Delete" when danger). */
  okText?: ReactNode;
  /** A destructive action: red OK button, warning icon. */
  danger?: boolean;
  /** The admin must type this text (e.g. the username) before OK is enabled. */
  typedConfirmation?: string;
  /** The call to run when confirmed; a rejection keeps the dialog open. */
  onConfirm?: () => Promise<unknown>;
}

function TypedConfirmation({ expected, onMatch }: { expected: string; onMatch(matches: boolean): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <div className="rl-admin-typed-confirm">
      <Typography.Paragraph>
        {t('admin.confirm.typeToConfirm')} <Typography.Text code>{expected}</Typography.Text>
      </Typography.Paragraph>
      <Input
        value={value}
        autoFocus
        aria-label={t('admin.confirm.typeToConfirm')}
        data-testid="confirm-typed-input"
        onChange={(event) => {
          setValue(event.target.value);
          onMatch(event.target.value.trim() === expected);
        }}
      />
    </div>
  );
}

export function confirmAction(modal: HookAPI, options: ConfirmActionOptions): Promise<boolean> {
  const t = i18n.t.bind(i18n);
  const typed = options.typedConfirmation;
  const okButton = (disabled: boolean) => ({ danger: options.danger, disabled });
  const instance = modal.confirm({
    title: options.title,
    content: (
      <>
        {options.content}
        {typed !== undefined && (
          <TypedConfirmation
            expected={typed}
            onMatch={(matches) => instance.update({ okButtonProps: okButton(!matches) })}
          />
        )}
      </>
    ),
    okText: options.okText ?? (options.danger ? t('admin.confirm.delete') : t('common.ok')),
    cancelText: t('common.cancel'),
    okButtonProps: okButton(typed !== undefined),
    autoFocusButton: typed !== undefined ? null : 'cancel',
    onOk: options.onConfirm ? () => options.onConfirm?.() : undefined,
  });
  // Awaiting the instance also keeps a failed onConfirm from becoming an unhandled rejection.
  return new Promise<boolean>((resolve) => {
    void instance.then(
      (confirmed) => resolve(confirmed === true),
      () => resolve(false),
    );
  });
}

/** The hook form: confirmAction bound to the console's modal instance. */
export function useConfirmAction(): (options: ConfirmActionOptions) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback((options: ConfirmActionOptions) => confirmAction(modal, options), [modal]);
}
