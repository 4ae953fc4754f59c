import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { passwordChecklist } from '@rl/contract/constants';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locale/en-US';

const RULES: { key: keyof ReturnType<typeof passwordChecklist>; label: MessageKey }[] = [
  { key: 'length', label: 'signup.form.password.rule.length' },
  { key: 'uppercase', label: 'signup.form.password.rule.uppercase' },
  { key: 'lowercase', label: 'signup.form.password.rule.lowercase' },
];

/** The live checklist under a new password: 8 or more characters, an uppercase, a lowercase letter. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const met = passwordChecklist(password);
  return (
    <ul className="rl-password-checklist" data-testid="password-checklist">
      {RULES.map(({ key, label }) => (
        <li key={key} data-met={met[key]} className={met[key] ? 'is-met' : undefined}>
          {met[key] ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(label)}
        </li>
      ))}
    </ul>
  );
}
