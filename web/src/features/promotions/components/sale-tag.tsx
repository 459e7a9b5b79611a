import { toBengaliDigits } from '@contract/format';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../messages';
import '../sale-tag.css';

/** Time left as H:MM:SS (hours past a day keep counting), in the page's digits. */
export function countdownText(ms: number, locale: 'bn' | 'en'): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const text = `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return locale === 'bn' ? toBengaliDigits(text) : text;
}

interface SaleTagProps {
  /** When the sale ends (ISO 8601): the first second at the list price. */
  endsAt: string;
  /** Units left at the sale price (null: no cap). */
  left: number | null | undefined;
  /** The sale ended while the page was open: the list is read again. */
  onEnd: () => void;
}

/**
 * A running sale's line under its pack: a countdown to its end, ticking each second in the page's
 * digits, and the units left. Its line is there from the first paint, so nothing moves as it ticks.
 */
export function SaleTag({ endsAt, left, onEnd }: SaleTagProps) {
  const { t, locale, number } = useT();
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    // Once at the end, whatever renders meanwhile; until then a tick each second, on the second.
    if (now >= end) {
      ended.current();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000 - (now % 1000) || 1000, end - now));
    return () => clearTimeout(timer);
  }, [now, end]);
  return (
    <span className="sale-tag">
      <span className="sale-countdown">{t('promo.saleEndsIn', { time: countdownText(end - now, locale) })}</span>
      {left !== null && left !== undefined && <span className="sale-left">{t('promo.saleLeft', { count: number(left) })}</span>}
    </span>
  );
}

/** A list price struck through before a lower price, said in words to a screen reader. */
export function StruckListPrice({ price }: { price: number }) {
  const { t, taka } = useT();
  return (
    <>
      <s className="muted" aria-hidden="true">
        {taka(price)}
      </s>
      <span className="visually-hidden">{t('promo.listPrice', { price: taka(price) })}</span>{' '}
    </>
  );
}
