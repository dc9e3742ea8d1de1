import { PATHS } from '../../../src-shared/domain/routes.ts';

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: readonly NavLinkItem[];
}

/** The header's navigation; the mobile menu lists the same items. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Product Info',
    items: [
      { label: 'Features', to: PATHS.features },
      { label: 'How It Works', to: PATHS.howItWorks },
      { label: 'Testimonials', to: PATHS.testimonials },
    ],
  },
  {
    label: 'Contact',
    items: [
      { label: 'Contact Us', to: PATHS.contact },
      { label: 'Jobs', to: PATHS.careers },
    ],
  },
];

export const TOP_LEVEL_LINKS: readonly NavLinkItem[] = [
  { label: 'Pricing', to: PATHS.pricing },
  { label: 'Blog', to: PATHS.blog },
];
