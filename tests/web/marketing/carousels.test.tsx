import { act, render, screen, within } from '@testing-library/react';
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
