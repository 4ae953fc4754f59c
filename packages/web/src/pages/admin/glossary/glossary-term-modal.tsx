import { GLOSSARY_DOMAINS, GlossarySaveRequest, type GlossaryDomain, type GlossaryTerm } from '@rl/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal/form-modal';
import { glossaryApi } from '../../../api/admin/glossary-api';
import { formsRule } from './glossary-form-rules';
import { useGlossaryLabels } from './glossary-labels';
import { showSaveError } from './glossary-save-error';
import { useRefreshGlossary } from './use-glossary-actions';

interface TermValues {
  zh: string[];
  en: string[];
  domain?: GlossaryDomain;
}

interface GlossaryTermModalProps {
  /** The term edited; null adds one. */
  term: GlossaryTerm | null;
  onClose(): void;
}

/** A list of forms typed as tags, in the order given (the first is the preferred one). */
function FormsInput(props: { id?: string; value?: string[]; onChange?(value: string[]): void }) {
  return (
    <Select
      {...props}
      mode="tags"
      // Nothing to choose from: a plain list of typed forms. `|` separates forms, as in the CSV.
      open={false}
      suffixIcon={null}
      tokenSeparators={['|']}
      style={{ width: '100%' }}
    />
  );
}

/**
 * Adds or edits a term: its Chinese and English forms and its domain, checked by the contract's
 * rules before sending; what the server refuses (a bad field, a Chinese form of another term)
 * shows on the field.
 */
export function GlossaryTermModal({ term, onClose }: GlossaryTermModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const labels = useGlossaryLabels();
  const refresh = useRefreshGlossary();
  const [form] = Form.useForm<TermValues>();
  const save = useMutation({
    mutationFn: (request: GlossarySaveRequest) => glossaryApi.save(request, { hideErrorMessage: true }),
    onSuccess: async () => {
      void message.success(t(term ? 'admin.glossary.form.saved' : 'admin.glossary.form.added'));
      onClose();
      await refresh();
    },
    onError: (error) => {
      const toast = showSaveError(form, error, t);
      if (toast) void message.error(toast);
    },
  });

  const submit = (values: TermValues) => {
    // The contract's output: forms trimmed as the server will store them.
    const request = GlossarySaveRequest.safeParse({ id: term?.id, ...values });
    if (request.success) save.mutate(request.data);
  };

  return (
    <FormModal
      open
      title={t(term ? 'admin.glossary.form.editTitle' : 'admin.glossary.form.addTitle')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('admin.glossary.form.formsHint')}</Typography.Paragraph>
      <Form<TermValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ zh: term?.zh ?? [], en: term?.en ?? [], domain: term?.domain }}
      >
        <Form.Item name="zh" label={t('admin.glossary.form.zh')} rules={[formsRule('zh', t)]}>
          <FormsInput />
        </Form.Item>
        <Form.Item name="en" label={t('admin.glossary.form.en')} rules={[formsRule('en', t)]}>
          <FormsInput />
        </Form.Item>
        <Form.Item
          name="domain"
          label={t('admin.glossary.form.domain')}
          rules={[{ required: true, message: t('admin.glossary.rule.domain') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="glossary-domain"
            options={GLOSSARY_DOMAINS.map((domain) => ({ value: domain, label: labels.domain(domain) }))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
