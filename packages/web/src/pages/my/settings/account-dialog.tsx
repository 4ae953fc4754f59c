import { Form, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../../api/error-catalogue';
import { FormModal } from '../../../components/form-modal/form-modal';
import { showServerError } from '../../../components/account-fields/server-error';
import { useToast } from '../../../components/toast/toast-context';

interface AccountDialogProps<Values> {
  title: string;
  form: FormInstance<Values>;
  onClose(): void;
  /** The call; resolves once the change is saved. */
  onSubmit(values: Values): Promise<unknown>;
  /** Shown once the call succeeds. */
  doneMessage: string;
  children: ReactNode;
  testId: string;
}

/** A dialog with one account form (e-mail, mobile, password): validation, call, errors, success. */
export function AccountDialog<Values>(props: AccountDialogProps<Values>) {
  const { title, form, onClose, onSubmit, doneMessage, children, testId } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await onSubmit(values);
      void toast.success(doneMessage);
      onClose();
    } catch (error) {
      const message = showServerError(form, error, t);
      if (message) void toast.error({ content: message, duration: ERROR_TOAST_SECONDS });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      open
      title={title}
      form={form}
      saving={saving}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        {children}
      </Form>
    </FormModal>
  );
}
