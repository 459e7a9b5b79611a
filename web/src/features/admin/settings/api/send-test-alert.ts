import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';

/** POST /admin/alert_settings/test: queues a test message to the saved chat; answers the message to show. */
export function useSendTestAlert() {
  return useSWRMutation(
    '/admin/alert_settings/test',
    async (path: string) => (await apiRequest<Record<string, never>>('POST', path)).message,
    writeOptions,
  );
}
