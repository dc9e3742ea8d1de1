import { PATHS, type PagePath } from '../../src-shared/domain/routes.ts';

/** A page of the app: its path, the module that holds it, and whether the build prerenders it. */
export interface Page {
  path: PagePath;
  /** The page's module, relative to this folder (src-web/app): the chunk its path loads. */
  module: string;
  /**
   * The module's export that is the page's component; none when the module is itself a lazy
   * route module (it exports `Component`, and may export a loader or an error boundary).
   */
  component?: string;
  /** True for the public pages with no per-visit data: the build writes their markup into their HTML. */
  prerender?: boolean;
}

/**
 * Every page of the router and the module each one loads, declared once: the router builds
 * its routes from it (router.tsx), and the build reads it (vite.config.ts, through Vite's
 * config loader, in Node) to name each page's chunk in route-assets.json and to know which
 * pages to prerender. It holds only strings, so Node can import it without React.
 */
export const PAGES: readonly Page[] = [
  { path: PATHS.home, module: '../features/marketing/home/HomePage.tsx', component: 'HomePage', prerender: true },
  { path: PATHS.features, module: '../features/marketing/features/FeaturesPage.tsx', component: 'FeaturesPage', prerender: true },
  {
    path: PATHS.howItWorks,
    module: '../features/marketing/how-it-works/HowItWorksPage.tsx',
    component: 'HowItWorksPage',
    prerender: true,
  },
  {
    path: PATHS.testimonials,
    module: '../features/marketing/testimonials/TestimonialsPage.tsx',
    component: 'TestimonialsPage',
    prerender: true,
  },
  { path: PATHS.pricing, module: '../features/pricing/PricingPage.tsx', component: 'PricingPage', prerender: true },
  { path: PATHS.blog, module: '../features/blog/BlogListPage.tsx', component: 'BlogListPage' },
  { path: PATHS.blogPost, module: '../features/blog/BlogPostPage.tsx', component: 'BlogPostPage' },
  { path: PATHS.contact, module: '../features/contact/ContactPage.tsx', component: 'ContactPage', prerender: true },
  { path: PATHS.careers, module: '../features/marketing/careers/CareersPage.tsx', component: 'CareersPage', prerender: true },
  { path: PATHS.about, module: '../features/marketing/about/AboutPage.tsx', component: 'AboutPage', prerender: true },
  { path: PATHS.press, module: '../features/marketing/press/PressPage.tsx', component: 'PressPage', prerender: true },
  { path: PATHS.signup, module: '../features/auth/SignUpPage.tsx', component: 'SignUpPage' },
  { path: PATHS.affiliates, module: '../features/affiliates/AffiliatesPage.tsx', prerender: true },
  { path: PATHS.dashboard, module: '../features/account/DashboardPage.tsx', component: 'DashboardRoute' },
  { path: PATHS.profile, module: '../features/account/ProfilePage.tsx', component: 'ProfileRoute' },
  { path: PATHS.subscription, module: '../features/account/SubscriptionPage.tsx', component: 'SubscriptionRoute' },
  { path: PATHS.settings, module: '../features/account/SettingsPage.tsx', component: 'SettingsRoute' },
  { path: PATHS.security, module: '../features/account/SecurityPage.tsx', component: 'SecurityRoute' },
  { path: PATHS.adminLeads, module: '../features/admin/AdminLeadsPage.tsx' },
  { path: PATHS.adminUsers, module: '../features/admin/AdminUsersPage.tsx' },
  { path: PATHS.adminAudit, module: '../features/admin/AdminRecordPages.tsx', component: 'AdminAuditPage' },
  { path: PATHS.adminOutbox, module: '../features/admin/AdminRecordPages.tsx', component: 'AdminOutboxPage' },
  { path: PATHS.adminAffiliates, module: '../features/admin/AdminRecordPages.tsx', component: 'AdminAffiliatesPage' },
];
