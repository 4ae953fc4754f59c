import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageKeys, messagesApi } from '../../../api/admin/messages-api';

/** Marks a message handled or unhandled, then asks the table again. */
export function useMessageHandled() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      messagesApi.edit({ message_id: id, handled }),
    onSuccess: async ({ message: updated }) => {
      void message.success(
        t(updated.handled ? 'adminContent.messages.markedHandled' : 'adminContent.messages.markedUnhandled'),
      );
      await client.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
