import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { pageCarousel } from '../config/site';
import { useT } from '../lib/i18n';
import { ChevronDownIcon } from './icons';
import './card-carousel.css';

/** How many cards fit, by the breakpoints of spec §9, given which of them the window is narrower than. */
function slidesBelow(isBelow: (width: number) => boolean): number {
  let slides: number = pageCarousel.slides;
  for (const point of pageCarousel.breakpoints) if (isBelow(point.below)) slides = point.slides;
  return slides;
}

/** How many cards fit a window this wide. */
export function slidesForWidth(width: number): number {
  return slidesBelow((below) => width < below);
}

/**
 * One media query per breakpoint, made once. Reading a query's state needs no layout, where
 * window.innerWidth forces one, in the middle of the first render of a page still being built.
 */
let narrowerThan: Map<number, MediaQueryList> | undefined;
const breakpointQueries = () =>
  (narrowerThan ??= new Map(
    pageCarousel.breakpoints.map((point) => [point.below, window.matchMedia(`not all and (min-width: ${point.below}px)`)]),
  ));

const subscribeBreakpoints = (listener: () => void) => {
  const queries = [...breakpointQueries().values()];
  for (const query of queries) query.addEventListener('change', listener);
  return () => {
    for (const query of queries) query.removeEventListener('change', listener);
  };
};

const useSlidesToShow = () =>
  useSyncExternalStore(subscribeBreakpoints, () => slidesBelow((below) => breakpointQueries().get(below)!.matches));

interface CardCarouselProps<T> {
  label: string;
  items: T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => React.ReactNode;
}

/**
 * The page carousel: a row of cards that moves one card at a time, looping, on autoplay (paused
 * on hover, focus and reduced motion), with previous and next buttons.
 */
export function CardCarousel<T>({ label, items, itemKey, renderItem }: CardCarouselProps<T>) {
  const { t } = useT();
  const perView = useSlidesToShow();
  const count = items.length;
  const moves = count > perView;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  // The first cards are repeated at the end so that the step from the last card back to the first also moves forward.
  const track = moves ? [...items, ...items.slice(0, perView)] : items;

  const go = useCallback((next: number) => {
    setAnimate(true);
    setIndex(next);
  }, []);

  useEffect(() => {
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!moves || paused || reducedMotion || !pageCarousel.autoplay) return;
    const timer = window.setTimeout(() => go(index + 1), pageCarousel.autoplayIntervalMs);
    return () => window.clearTimeout(timer);
  }, [moves, paused, index, go]);

  useEffect(() => {
    if (index < count) return;
    const reset = window.setTimeout(() => {
      setAnimate(false);
      setIndex(index - count);
    }, pageCarousel.speedMs);
    return () => window.clearTimeout(reset);
  }, [index, count]);

  useEffect(() => {
    if (!moves) setIndex(0);
  }, [moves]);

  const previous = () => {
    if (index > 0) return go(index - 1);
    // From the first card, jump (unseen) to its copy at the end, then step back from there.
    setAnimate(false);
    setIndex(count);
    window.requestAnimationFrame(() => window.requestAnimationFrame(() => go(count - 1)));
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      style={{ '--per-view': perView } as React.CSSProperties}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="carousel-viewport">
        <ul
          className="carousel-track"
          style={{
            transform: `translateX(-${(index * 100) / perView}%)`,
            transition: animate ? `transform ${pageCarousel.speedMs}ms ease` : 'none',
          }}
        >
          {track.map((item, i) => {
            const visible = i >= index && i < index + perView;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the track repeats items to loop, so the place tells copies apart.
              <li key={`${itemKey(item)}-${i}`} className="carousel-slide" aria-hidden={!visible} inert={!visible}>
                {renderItem(item)}
              </li>
            );
          })}
        </ul>
      </div>
      {moves && (
        <div className="carousel-controls">
          <button type="button" className="icon-button carousel-prev" aria-label={t('common.previous')} onClick={previous}>
            <ChevronDownIcon size={18} />
          </button>
          <button type="button" className="icon-button carousel-next" aria-label={t('common.next')} onClick={() => go(index + 1)}>
            <ChevronDownIcon size={18} />
          </button>
        </div>
      )}
    </section>
  );
}
