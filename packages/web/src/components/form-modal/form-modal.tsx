import { Modal, type FormInstance, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

type FormModalProps = Omit<ModalProps, 'onOk' | 'onCancel' | 'okText' | 'cancelText' | 'confirmLoading'> & {
  form: FormInstance;
  /** The save is under way: Save shows it. */
  saving: boolean;
  onClose(): void;
};

/** A dialog around one form: Save submits it, Cancel (or the close button) calls `onClose`. */
export function FormModal({ form, saving, onClose, ...modal }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      {...modal}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
    />
  );
}
