import { MOBILE_COUNTRY_CODES } from '@rl/contract/constants';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldRules } from './field-rules';

/** Country code (only +86 is offered) and mobile number, named like the calls' fields. */
export function MobileFields() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('signup.form.mobile')} required>
      <Space.Compact block>
        <Form.Item name="country_code" noStyle initialValue={MOBILE_COUNTRY_CODES[0]}>
          <Select
            aria-label={t('signup.form.countryCode')}
            options={MOBILE_COUNTRY_CODES.map((code) => ({ value: code, label: `+${code}` }))}
            style={{ width: 96 }}
          />
        </Form.Item>
        <Form.Item name="phone" noStyle rules={fieldRules(t).mobile}>
          <Input aria-label={t('signup.form.mobile')} inputMode="tel" autoComplete="tel-national" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
