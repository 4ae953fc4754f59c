import { MessageOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The chat tab's place; the assistant arrives with the AI issue. */
export function ChatPlaceholder() {
  const { t } = useTranslation();
  return (
    <Result
      className="rl-chat-placeholder"
      icon={<MessageOutlined />}
      title={t('viewer.chat.placeholder.title')}
      subTitle={t('viewer.chat.placeholder.body')}
      data-testid="chat-placeholder"
    />
  );
}
