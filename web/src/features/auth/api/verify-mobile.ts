import type { mobileCodeBody } from '@contract/accounts';
import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';

/** The request of POST /user/verify_mobile as its schema takes it (functions/contract/accounts.ts). */
type MobileCodeRequest = v.InferInput<typeof mobileCodeBody>;

/** POST /user/send_mobile_code: texts a code to the account's number; answers the server's message. */
export function useSendMobileCode() {
  return useSWRMutation(
    '/user/send_mobile_code',
    async (path: string) => {
      const { message } = await apiRequest('POST', path);
      return message;
    },
    writeOptions,
  );
}

/** POST /user/verify_mobile: the texted code; the profile is read again, now verified. */
export function useVerifyMobile() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/verify_mobile',
    async (path: string, { arg: code }: { arg: string }) => {
      const { message } = await apiRequest('POST', path, { body: { code } satisfies MobileCodeRequest });
      await mutate(userKey);
      return message;
    },
    writeOptions,
  );
}
