import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type BannerEvent, useEvents } from '../api/get-events';
import { useT } from '../messages';

/** Spec §9: one slide at a time, dots, infinite, autoplay, 500 ms transitions. */
const transitionMs = 500;
const autoplayMs = 4000;

/** The link of a description whose first element is an anchor, else none. */
export function slideLink(description: string): string | undefined {
  const first = new DOMParser().parseFromString(description, 'text/html').body.firstElementChild;
  return first instanceof HTMLAnchorElement ? (first.getAttribute('href') ?? undefined) : undefined;
}

/** The home page's auto-playing banner of events. */
export function BannerSlider() {
  const { data: events } = useEvents();
  if (!events) return <div className="banner banner-placeholder" aria-hidden="true" />;
  if (events.length === 0) return null;
  return <Slides events={events} />;
}

function Slides({ events }: { events: BannerEvent[] }) {
  const { t, number } = useT();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const touchStart = useRef<number | undefined>(undefined);
  const count = events.length;
  // The first slide is repeated at the end so that the last-to-first step also slides forward.
  const track = count > 1 ? [...events, events[0]!] : events;

  const goTo = useCallback((next: number) => {
    setAnimate(true);
    setIndex(next);
  }, []);

  useEffect(() => {
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (count < 2 || paused || reducedMotion) return;
    const timer = window.setInterval(() => goTo(index + 1), autoplayMs);
    return () => window.clearInterval(timer);
  }, [count, paused, index, goTo]);

  useEffect(() => {
    if (index !== count || count < 2) return;
    const reset = window.setTimeout(() => {
      setAnimate(false);
      setIndex(0);
    }, transitionMs);
    return () => window.clearTimeout(reset);
  }, [index, count]);

  const open = (event: BannerEvent) => {
    const link = slideLink(event.description);
    if (!link) return;
    if (link.startsWith('/')) navigate(link);
    else window.open(link, '_blank', 'noopener,noreferrer');
  };

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('content.banner.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={(e) => {
        touchStart.current = e.touches[0]?.clientX;
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const end = e.changedTouches[0]?.clientX;
        if (start === undefined || end === undefined || Math.abs(end - start) < 40) return;
        goTo(end < start ? index + 1 : Math.max(0, (index % count) - 1));
      }}
    >
      <div
        className="banner-track"
        style={{ transform: `translateX(-${index * 100}%)`, transition: animate ? `transform ${transitionMs}ms ease` : 'none' }}
      >
        {track.map((event, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the track repeats slides to loop, so the place tells copies apart.
            key={`${event.ename}-${i}`}
            type="button"
            className="banner-slide"
            aria-label={event.ename}
            aria-hidden={i % count !== index % count || (i === count && index !== count)}
            tabIndex={i === index ? 0 : -1}
            onClick={() => open(event)}
          >
            <img src={event.image} alt={event.ename} width={1200} height={300} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
          </button>
        ))}
      </div>
      {count > 1 && (
        <div className="banner-dots" role="tablist" aria-label={t('content.banner.chooseSlide')}>
          {events.map((event, i) => (
            <button
              key={event.ename}
              type="button"
              role="tab"
              aria-label={t('content.banner.slide', { number: number(i + 1), name: event.ename })}
              aria-selected={index % count === i}
              className={index % count === i ? 'dot active' : 'dot'}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
