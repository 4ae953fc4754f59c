import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { securityCheckRules } from './public-form-rules';
import { SecurityCheck } from './security-check';

/** The security check as a public form's field `altcha`: label, help, and required before sending. */
export function SecurityCheckItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="altcha"
      label={t('publicForms.securityCheck.label')}
      extra={t('publicForms.securityCheck.help')}
      rules={securityCheckRules(t)}
    >
      <SecurityCheck />
    </Form.Item>
  );
}
