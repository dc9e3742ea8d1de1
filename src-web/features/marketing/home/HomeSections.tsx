import home from '../../../../content/marketing/home.json';
import howItWorks from '../../../../content/marketing/how-it-works.json';
import testimonials from '../../../../content/marketing/testimonials.json';
import { INTERFACE } from '../../../../src-shared/domain/constants.ts';
import { PATHS } from '../../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../../components/button-styles.ts';
import { useClientNavigation } from '../../../components/use-client-navigation.ts';
import { usePrerendering } from '../../../prerender/use-prerendering.ts';
import { Carousel } from '../shared/Carousel.tsx';
import { FeatureIcon, accentAt } from '../shared/FeatureIcon.tsx';
import shared from '../shared/marketing.module.css';
import { ScheduleDemoButton } from '../shared/ScheduleDemoButton.tsx';
import { TestimonialCard } from '../shared/TestimonialCard.tsx';
import { ClientLogos } from './ClientLogos.tsx';
import styles from './HomeSections.module.css';
import { useFocusKeptThroughSwap } from './use-focus-kept-through-swap.ts';

const { featuresCarousel, testimonialsCarousel } = INTERFACE;

/** The home page below the first screen, loaded after it so the first screen stays light. */
export function HomeSections() {
  const go = useClientNavigation();
  useFocusKeptThroughSwap();
  // Prerendered, the icons' squares are drawn without their glyphs: eleven different SVGs are
  // 2 KB of the page's compressed HTML, which would then no longer arrive in the first round
  // trip (about 14 KB) and would delay the first paint by one (Lighthouse: LCP +200 ms on a
  // phone). The glyphs come with the sections' code, before the visitor scrolls to them.
  const glyphs = !usePrerendering();
  return (
    <>
      <section className={cx(shared.section, shared.sectionAlt)} aria-labelledby="features-heading">
        <div className={shared.container}>
          <h2 id="features-heading" className={shared.sectionHeading}>
            {home.keyFeatures.heading}
          </h2>
          <p className={shared.sectionIntro}>{home.keyFeatures.intro}</p>
          <Carousel
            label="Key features"
            slides={featuresCarousel.slides}
            breakpoints={[
              { belowPx: 1024, slides: featuresCarousel.slidesBelow1024 },
              { belowPx: 600, slides: featuresCarousel.slidesBelow600 },
            ]}
            autoplayMs={featuresCarousel.autoplayMs}
          >
            {home.keyFeatures.items.map((item, index) => (
              <article key={item.title} className={shared.card}>
                <FeatureIcon name={item.icon} color={accentAt(index)} glyph={glyphs} />
                <h3>{item.title}</h3>
                <p>{item.description}</p>
              </article>
            ))}
          </Carousel>
          <p className={shared.actions}>
            <a className={cx(buttonClasses.base, buttonClasses.outline)} href={PATHS.features} onClick={go(PATHS.features)}>
              Explore all features
            </a>
          </p>
        </div>
      </section>

      <section className={shared.section} aria-labelledby="how-heading">
        <div className={shared.container}>
          <h2 id="how-heading" className={shared.sectionHeading}>
            {home.howItWorks.heading}
          </h2>
          <p className={shared.sectionIntro}>{home.howItWorks.intro}</p>
          <ol className={styles.steps}>
            {howItWorks.steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden>
                  {index + 1}
                </span>
                <FeatureIcon name={step.icon} color={accentAt(index)} glyph={glyphs} />
                <h3>{step.title}</h3>
              </li>
            ))}
          </ol>
          <div className={styles.demo}>
            <p>{home.howItWorks.demoText}</p>
            <ScheduleDemoButton label={home.howItWorks.demoButton} />
          </div>
        </div>
      </section>

      <section className={cx(shared.section, shared.sectionAlt)} aria-labelledby="testimonials-heading">
        <div className={shared.container}>
          <h2 id="testimonials-heading" className={shared.sectionHeading}>
            {home.testimonials.heading}
          </h2>
          <p className={shared.sectionIntro}>{home.testimonials.intro}</p>
          <Carousel
            label="Testimonials"
            slides={testimonialsCarousel.slides}
            breakpoints={[{ belowPx: 900, slides: testimonialsCarousel.slidesBelow900 }]}
            autoplayMs={testimonialsCarousel.autoplayMs}
          >
            {testimonials.items.map((testimonial) => (
              <TestimonialCard key={testimonial.name} testimonial={testimonial} />
            ))}
          </Carousel>
          <p className={shared.note}>{testimonials.note}</p>
        </div>
      </section>

      <ClientLogos />

      <section className={shared.ctaBand} aria-labelledby="guarantee-heading">
        <h2 id="guarantee-heading">{home.closing.heading}</h2>
        <p>{home.closing.text}</p>
        <ScheduleDemoButton className={shared.ctaButton} />
      </section>
    </>
  );
}
