import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { verifyPayment } from './api/verify-payment';

/**
 * The return path from the gateway: the page was opened with ?invoice_id=…; ask the server to
 * settle it, say how it went, then drop the parameter and let the caller refresh what changed.
 */
export function usePaymentReturn(onSettled: () => void) {
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get('invoice_id');
  const handled = useRef<string | null>(null);
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
      .finally(() => {
        setParams({}, { replace: true });
        onSettled();
      });
  }, [invoiceId, onSettled, setParams]);
}
