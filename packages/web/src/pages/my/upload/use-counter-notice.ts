import type { CounterNoticeSubmitRequest } from '@rl/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { uploadsApi } from '../../../api/uploads-api';
import { useToast } from '../../../components/toast/toast-context';
import { handledByCatalogue } from './report-failure';
import { useRefreshMyFiles } from './use-my-files';

/**
 * Sends a counter-notice. A refusal stays in the form (the dialog shows the server's reason); a
 * success says so, closes the dialog and refreshes the list, which then shows the notice's state.
 */
export function useSendCounterNotice(onSent: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshMyFiles();
  return useMutation({
    mutationFn: (request: CounterNoticeSubmitRequest) =>
      uploadsApi.counterNotice(request, { catalogue: false }),
    onSuccess: () => {
      void toast.success(t('upload.counter.sent'));
      onSent();
    },
    onError: (error) => void handledByCatalogue(error),
    onSettled: () => refresh(),
  });
}
