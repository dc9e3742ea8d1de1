import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HomeSections } from '../../../src-web/features/marketing/home/HomeSections.tsx';
import { installViewport, resizeViewport } from './viewport.ts';

function renderHomeSections(width: number) {
  installViewport(width);
  render(
    <MemoryRouter>
      <HomeSections />
    </MemoryRouter>,
  );
}

/** How many slides fit side by side: each slide's flex-basis is its share of the row. */
function slidesShown(label: string): number {
  const carousel = screen.getByRole('region', { name: label });
  const slides = within(carousel).getAllByRole('group');
  const basis = parseFloat(slides[0]?.style.flexBasis ?? '0');
  expect(slides.every((slide) => slide.style.flexBasis === slides[0]?.style.flexBasis)).toBe(true);
  return Math.round(100 / basis);
}

describe('the home page carousels show the intended number of slides at each width', () => {
  it.each([
    [1440, 3, 2],
    [1024, 3, 2],
    [1023, 2, 2],
    [900, 2, 2],
    [899, 2, 1],
    [600, 2, 1],
    [599, 1, 1],
    [375, 1, 1],
  ])('at %i px: %i key features and %i testimonials', (width, features, testimonials) => {
    renderHomeSections(width);
    expect(slidesShown('Key features')).toBe(features);
    expect(slidesShown('Testimonials')).toBe(testimonials);
  });

  it('follows the window across a breakpoint', () => {
    renderHomeSections(1280);
    expect(slidesShown('Key features')).toBe(3);
    act(() => resizeViewport(800));
    expect(slidesShown('Key features')).toBe(2);
    expect(slidesShown('Testimonials')).toBe(1);
    act(() => resizeViewport(500));
    expect(slidesShown('Key features')).toBe(1);
    act(() => resizeViewport(1300));
    expect(slidesShown('Key features')).toBe(3);
    expect(slidesShown('Testimonials')).toBe(2);
  });

  it('carries every key feature and testimonial as a labelled slide', () => {
    renderHomeSections(1280);
    const features = within(screen.getByRole('region', { name: 'Key features' })).getAllByRole('group');
    expect(features.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 6',
      '2 of 6',
      '3 of 6',
      '4 of 6',
      '5 of 6',
      '6 of 6',
    ]);
    expect(within(features[1] as HTMLElement).getByRole('heading', { name: 'Match rating from 1 to 10' })).toBeTruthy();
    const testimonials = within(screen.getByRole('region', { name: 'Testimonials' })).getAllByRole('group');
    expect(testimonials).toHaveLength(4);
    expect(within(testimonials[0] as HTMLElement).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });
});

describe('the home page carousels and screen readers', () => {
  // WAI-ARIA's carousel pattern: screen readers do not announce slides autoplay moves in, which
  // would interrupt whatever is being read, but do announce those the visitor brings in.
  it('has its slides announced (aria-live polite) only while it is not moving by itself', async () => {
    renderHomeSections(1280);
    const features = screen.getByRole('region', { name: 'Key features' });
    const slides = () => within(features).getAllByRole('group')[0]?.parentElement;
    expect(slides()?.getAttribute('aria-live')).toBe('off');
    await userEvent.click(within(features).getByRole('button', { name: 'Pause slides' }));
    expect(slides()?.getAttribute('aria-live')).toBe('polite');
    await userEvent.click(within(features).getByRole('button', { name: 'Play slides' }));
    expect(slides()?.getAttribute('aria-live')).toBe('off');
    // A keyboard user on its dots stops it too.
    act(() => within(features).getByRole('button', { name: 'Show slide 2 of 6' }).focus());
    expect(slides()?.getAttribute('aria-live')).toBe('polite');
  });

  it('has its slides announced when the visitor asked for reduced motion, as it never moves by itself', () => {
    installViewport(1280);
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      query.includes('prefers-reduced-motion') ? ({ ...matchMedia(query), matches: true } as MediaQueryList) : matchMedia(query);
    try {
      render(
        <MemoryRouter>
          <HomeSections />
        </MemoryRouter>,
      );
      const features = screen.getByRole('region', { name: 'Key features' });
      expect(within(features).queryByRole('button', { name: 'Pause slides' })).toBeNull();
      expect(within(features).getAllByRole('group')[0]?.parentElement?.getAttribute('aria-live')).toBe('polite');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
