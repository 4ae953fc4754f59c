import { DmcaSubmitRequest, type DmcaSubmitResponse } from '@rl/contract';
import { Modal, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { core } from 'zod';
import { isApiError } from '../../api/api-error';
import { publicFormsApi } from '../../api/public-forms-api';
import { issueMessage } from '../../components/security-check/public-form-rules';
import { DMCA_SECTIONS, type DmcaFormValues, type DmcaTextField } from './dmca-fields';

const TEXT_FIELDS: DmcaTextField[] = Object.values(DMCA_SECTIONS)
  .flat()
  .map((field) => field.name);
const FORM_FIELDS = new Set<string>([...TEXT_FIELDS, 'confirmations', 'altcha']);

/** The call's payload: the form's fields as the contract names them, and the reported file if known. */
export function dmcaRequest(values: DmcaFormValues, fileId: string | null): DmcaSubmitRequest {
  const request: DmcaSubmitRequest = {
    ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, values[name] ?? ''])) as Record<
      DmcaTextField,
      string
    >),
    confirmations: values.confirmations ?? {},
    altcha: values.altcha ?? '',
  };
  if (fileId) request.file_id = fileId;
  return request;
}

function messageFor(issue: core.$ZodIssue, t: TFunction): string {
  const field = String(issue.path[0]);
  if (field === 'confirmations') return t('errors.dmca.checkAll');
  if (field === 'altcha') return t('publicForms.securityCheck.required');
  return issueMessage(issue, t(`publicForms.dmca.field.${field as DmcaTextField}`), t);
}

/** What a refused or failed call tells the complainant. */
function refusalMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.request.failed');
  if (error.status === 429) return t('errors.request.tooFrequent');
  if (error.kind === 'network') return t('errors.network');
  return error.serverMessage ?? t('errors.request.failed');
}

/**
 * Sends a complaint the form has validated: the contract checks the whole payload once more and
 * normalises it; a refusal opens the "Validation Error" dialog (SPEC.md section 8) and marks the
 * field the server names. The security check's solution is spent by every call, so it is emptied.
 */
export function useDmcaSubmit(
  form: FormInstance<DmcaFormValues>,
  fileId: string | null,
  onDone: (answer: DmcaSubmitResponse, email: string) => void,
) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [sending, setSending] = useState(false);

  const submit = async (values: DmcaFormValues) => {
    const parsed = DmcaSubmitRequest.safeParse(dmcaRequest(values, fileId));
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues
          .filter((issue) => FORM_FIELDS.has(String(issue.path[0])))
          .map((issue) => ({ name: String(issue.path[0]) as DmcaTextField, errors: [messageFor(issue, t)] })),
      );
      return;
    }
    setSending(true);
    try {
      onDone(await publicFormsApi.dmcaSubmit(parsed.data), parsed.data.email);
    } catch (error) {
      form.setFieldValue('altcha', '');
      const detail = refusalMessage(error, t);
      const field = isApiError(error) ? error.body?.field : undefined;
      if (field && FORM_FIELDS.has(field))
        form.setFields([{ name: field as DmcaTextField, errors: [detail] }]);
      void modal.error({
        title: t('errors.dmca.title'),
        content: (
          <div data-testid="dmca-refusal">
            <p>{t('errors.dmca.submit')}</p>
            <p>{detail}</p>
          </div>
        ),
        okText: t('common.ok'),
      });
    } finally {
      setSending(false);
    }
  };

  return { submit, sending, modalHolder };
}
