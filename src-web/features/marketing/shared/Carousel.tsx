import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { Children, useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import styles from './Carousel.module.css';
import { useSlidesPerView, type SlidesBreakpoint } from './use-slides-per-view.ts';

interface CarouselProps {
  /** Names the carousel for assistive technology, e.g. 'Key features'. */
  label: string;
  /** Slides shown side by side on wide screens. */
  slides: number;
  breakpoints: readonly SlidesBreakpoint[];
  autoplayMs: number;
  children: ReactNode;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A looping carousel (Embla) that shows `slides` slides at a time, fewer below each
 * breakpoint, advances every `autoplayMs`, pauses while the pointer is over it or focus is
 * inside it, and has one dot per position. Visitors who ask for reduced motion get no autoplay.
 */
export function Carousel({ label, slides, breakpoints, autoplayMs, children }: CarouselProps) {
  const perView = useSlidesPerView(slides, breakpoints);
  const autoplay = useMemo(
    () =>
      prefersReducedMotion()
        ? []
        : [Autoplay({ delay: autoplayMs, stopOnMouseEnter: true, stopOnInteraction: false, stopOnFocusIn: true })],
    [autoplayMs],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start' }, autoplay);
  const items = Children.toArray(children);

  const subscribe = useCallback(
    (onChange: () => void) => {
      embla?.on('select', onChange).on('reInit', onChange);
      return () => {
        embla?.off('select', onChange).off('reInit', onChange);
      };
    },
    [embla],
  );
  // The build prerenders the carousel (the home page): no Embla there, so no position and no dots.
  const selected = useSyncExternalStore(
    subscribe,
    () => embla?.selectedScrollSnap() ?? 0,
    () => 0,
  );
  const snapCount = useSyncExternalStore(
    subscribe,
    () => embla?.scrollSnapList().length ?? 0,
    () => 0,
  );

  // The slide width changed with the breakpoint: Embla measures again.
  useEffect(() => embla?.reInit(), [embla, perView]);

  return (
    <section className={styles.root} aria-roledescription="carousel" aria-label={label} data-slides-per-view={perView}>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.track}>
          {items.map((item, index) => (
            <div
              key={index}
              className={styles.slide}
              style={{ flex: `0 0 ${100 / perView}%` }}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
            >
              {item}
            </div>
          ))}
        </div>
      </div>
      {snapCount > 1 && (
        <div className={styles.dots}>
          {Array.from({ length: snapCount }, (_, index) => (
            <button
              key={index}
              type="button"
              className={styles.dot}
              aria-label={`Show slide ${index + 1} of ${snapCount}`}
              aria-current={index === selected}
              onClick={() => embla?.scrollTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
