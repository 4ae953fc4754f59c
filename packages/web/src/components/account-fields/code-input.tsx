import { Input, Space } from 'antd';
import { SendCodeButton, type SendCodeButtonProps } from './send-code-button';

interface CodeInputProps extends SendCodeButtonProps {
  id?: string;
  value?: string;
  onChange?(value: string): void;
  placeholder?: string;
}

/** A one-time-code box with its send-code button, for a Form.Item. */
export function CodeInput({ id, value, onChange, placeholder, onSend }: CodeInputProps) {
  return (
    <Space.Compact block>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
      />
      <SendCodeButton onSend={onSend} />
    </Space.Compact>
  );
}
