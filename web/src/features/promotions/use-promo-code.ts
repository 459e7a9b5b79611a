import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AppliedPromo, useQuote } from './api/get-quote';

/** What a checkout's code is for: a plan, or a voucher and a quantity. */
export type PromoItem = { plan_id: string } | { voucher_id: string; qty: number };

/**
 * The promo code of a checkout's confirm step: typed, or brought by a link (`?code=`), priced by
 * the server (POST /user/quote) when applied; a code that cannot apply says why, in the page's language.
 */
export function usePromoCode(item: PromoItem) {
  const [searchParams] = useSearchParams();
  const [typed, setTyped] = useState(() => searchParams.get('code') ?? '');
  const [applied, setApplied] = useState<AppliedPromo>();
  const [refusal, setRefusal] = useState<string>();
  const { trigger, isMutating } = useQuote();
  const apply = async () => {
    if (!typed.trim()) return;
    setRefusal(undefined);
    try {
      const quote = await trigger({ ...item, coupan_code: typed });
      setApplied({ code: quote.coupan_code, discount: quote.discount, total: quote.total });
      setTyped(quote.coupan_code);
    } catch (error) {
      setApplied(undefined);
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };
  const remove = () => {
    setApplied(undefined);
    setTyped('');
  };
  return { typed, setTyped, applied, refusal, applying: isMutating, apply, remove };
}

export type PromoCodeState = ReturnType<typeof usePromoCode>;
