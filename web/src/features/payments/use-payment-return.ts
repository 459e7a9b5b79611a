import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useVerifyPayment } from './api/verify-payment';

/**
 * The return path from the gateway: the page was opened with ?invoice_id=…; ask the server to
 * settle it, say how it went, then drop the parameter. The verification revalidates what changed.
 */
export function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get('invoice_id');
  const handled = useRef<string | null>(null);
  const { trigger: verifyPayment } = useVerifyPayment();
  useEffect(() => {
    if (!invoiceId || handled.current === invoiceId) return;
    handled.current = invoiceId;
    verifyPayment(invoiceId)
      .then(({ message, data }) => {
        if (data.status === '1') toast.success(message, { toastId: `payment-${invoiceId}` });
        else if (data.status === '2') toast.error(message, { toastId: `payment-${invoiceId}` });
        else toast.info(message, { toastId: `payment-${invoiceId}` });
      })
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : 'The payment could not be checked'))
      .finally(() => setParams({}, { replace: true }));
  }, [invoiceId, setParams, verifyPayment]);
}
