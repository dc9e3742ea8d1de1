import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import {
  Children,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { usePrerendering } from '../../../prerender/use-prerendering.ts';
import { buttonClasses, cx } from '../../../components/button-styles.ts';
import { PlayIcon } from '../../../components/icons.tsx';
import { PauseIcon } from '../../../components/page-icons.tsx';
import { prefersReducedMotion } from '../../../components/reduced-motion.ts';
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

/**
 * The slides' widths at every breakpoint, as style rules for the prerendered carousel (`id`
 * names it): the build knows no window width, so CSS picks the count the app would, and the
 * markup neither looks cramped on a phone without JavaScript nor shifts when the app takes over.
 */
function slideWidthRules(id: string, slides: number, breakpoints: readonly SlidesBreakpoint[]): string {
  const rule = (count: number) => `[data-carousel="${id}"] .${styles.slide}{flex:0 0 ${100 / count}%}`;
  // Widest first, so that a narrower breakpoint's rule, written later, wins where both apply.
  const widestFirst = [...breakpoints].sort((a, b) => b.belowPx - a.belowPx);
  return [rule(slides), ...widestFirst.map((b) => `@media (max-width:${b.belowPx - 0.02}px){${rule(b.slides)}}`)].join('');
}

/**
 * A looping carousel (Embla) that shows `slides` slides at a time, fewer below each
 * breakpoint, advances every `autoplayMs`, pauses while the pointer is over its slides or focus
 * is on its slides or dots, and has one dot per position. Ahead of the dots, a Pause button stops
 * it until the visitor presses Play (WCAG 2.2.2: it moves for longer than 5 s). Visitors who ask
 * for reduced motion get no autoplay, and so no Pause button.
 */
export function Carousel({ label, slides, breakpoints, autoplayMs, children }: CarouselProps) {
  const perView = useSlidesPerView(slides, breakpoints);
  const prerendering = usePrerendering();
  const id = useId();
  const autoplay = useMemo(
    () =>
      prefersReducedMotion()
        ? []
        : // Started by this component alone (see `running`): the plugin's own hover, focus and
          // swipe handling would start it again when the pointer or focus leaves or a swipe
          // ends, and so end a pause the visitor asked for. It only stops itself as a swipe begins.
          [Autoplay({ delay: autoplayMs, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: false })],
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

  // The visitor's pause lasts until they press Play. Hover and focus pause it only while they
  // last: focus on the slides or dots (a keyboard user reading or choosing one), not on the
  // Pause/Play button itself, so that pressing Play starts the slides at once.
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const onFocus = (event: FocusEvent) => setFocused(event.target !== toggleRef.current);
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const running = !pausedByVisitor && !hovered && !focused;
  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!embla || !autoplay) return;
    const apply = () => (running ? autoplay.play() : autoplay.stop());
    apply();
    // A swipe stopped the plugin, and a re-measure (reInit) builds it anew, stopped.
    embla.on('pointerUp', apply).on('reInit', apply);
    return () => {
      embla.off('pointerUp', apply).off('reInit', apply);
    };
  }, [embla, running]);
  const autoplays = autoplay.length > 0;

  // The slide width changed with the breakpoint: Embla measures again.
  useEffect(() => embla?.reInit(), [embla, perView]);

  return (
    <section
      className={styles.root}
      aria-roledescription="carousel"
      aria-label={label}
      data-slides-per-view={prerendering ? undefined : perView}
      data-carousel={prerendering ? id : undefined}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {prerendering && <style>{slideWidthRules(id, slides, breakpoints)}</style>}
      <div
        className={styles.viewport}
        ref={viewportRef}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {/* WAI-ARIA's carousel pattern: slides autoplay brings in are not announced (they would cut
            into what a screen reader is reading); those the visitor brings in, once it is still, are. */}
        <div className={styles.track} aria-live={autoplays && running ? 'off' : 'polite'}>
          {items.map((item, index) => (
            <div
              key={index}
              className={styles.slide}
              style={prerendering ? undefined : { flex: `0 0 ${100 / perView}%` }}
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
          {autoplays && (
            <button
              ref={toggleRef}
              type="button"
              className={cx(buttonClasses.base, buttonClasses.subtle, styles.toggle)}
              aria-label={pausedByVisitor ? 'Play slides' : 'Pause slides'}
              onClick={() => setPausedByVisitor(!pausedByVisitor)}
            >
              {pausedByVisitor ? <PlayIcon size={20} /> : <PauseIcon />}
            </button>
          )}
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
      {/* Prerendered, the dots' row is kept empty, its height reserved, so that nothing below moves
          when the app's carousel adds them. More slides than the widest view shows: dots at every width. */}
      {prerendering && items.length > slides && <div className={cx(styles.dots, styles.dotsReserved)} />}
    </section>
  );
}
