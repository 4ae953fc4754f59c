import { mobileDigits, type MOBILE_COUNTRY_CODES } from '@rl/contract/constants';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../api/account-api';
import { smsCodeSender } from '../../../components/account-fields/code-senders';
import { CodeInput } from '../../../components/account-fields/code-input';
import { fieldRules } from '../../../components/account-fields/field-rules';
import { MobileFields } from '../../../components/account-fields/mobile-fields';
import { useUserStore } from '../../../stores/user-store';
import { AccountDialog } from './account-dialog';

interface Values {
  country_code: (typeof MOBILE_COUNTRY_CODES)[number];
  phone: string;
  code: string;
}

/** Binds or changes the mobile number with an SMS code sent to it. */
export function ChangeMobileDialog({ title, onClose }: { title: string; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const sendCode = smsCodeSender(form, 'bind_mobile');
  const save = async (values: Values) => {
    const { user_info: user } = await accountApi.changeMobile(
      {
        phone: mobileDigits(values.phone),
        country_code: values.country_code,
        code: values.code.trim(),
      },
      { catalogue: false },
    );
    useUserStore.getState().setUser(user);
  };
  return (
    <AccountDialog<Values>
      title={title}
      form={form}
      onClose={onClose}
      onSubmit={save}
      doneMessage={t('account.mobile.done')}
      testId="change-mobile-dialog"
    >
      <MobileFields />
      <Form.Item name="code" label={t('signup.form.smsCode')} rules={fieldRules(t).smsCode}>
        <CodeInput onSend={sendCode} />
      </Form.Item>
    </AccountDialog>
  );
}
