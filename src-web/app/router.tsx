import { lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { PATHS } from '../../src-shared/domain/routes.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { AppLayout } from './layout/AppLayout.tsx';

/** Loaded only when something fails: it uses Fluent's Button and provider, which no first load needs. */
const ErrorFallback = lazy(() => import('./error/ErrorFallback.tsx').then((module) => ({ default: module.ErrorFallback })));

type LazyRoute = NonNullable<RouteObject['lazy']>;

const page = (path: string, lazy: LazyRoute): RouteObject => ({ path, lazy });

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: (
      <Suspense>
        <ErrorFallback />
      </Suspense>
    ),
    hydrateFallbackElement: <PageSpinner />,
    children: [
      page(PATHS.home, async () => ({ Component: (await import('../features/marketing/home/HomePage.tsx')).HomePage })),
      page(PATHS.features, async () => ({
        Component: (await import('../features/marketing/features/FeaturesPage.tsx')).FeaturesPage,
      })),
      page(PATHS.howItWorks, async () => ({
        Component: (await import('../features/marketing/how-it-works/HowItWorksPage.tsx')).HowItWorksPage,
      })),
      page(PATHS.testimonials, async () => ({
        Component: (await import('../features/marketing/testimonials/TestimonialsPage.tsx')).TestimonialsPage,
      })),
      page(PATHS.pricing, async () => ({ Component: (await import('../features/pricing/PricingPage.tsx')).PricingPage })),
      page(PATHS.blog, async () => ({ Component: (await import('../features/blog/BlogListPage.tsx')).BlogListPage })),
      page(PATHS.blogPost, async () => ({ Component: (await import('../features/blog/BlogPostPage.tsx')).BlogPostPage })),
      page(PATHS.contact, async () => ({ Component: (await import('../features/contact/ContactPage.tsx')).ContactPage })),
      page(PATHS.careers, async () => ({
        Component: (await import('../features/marketing/careers/CareersPage.tsx')).CareersPage,
      })),
      page(PATHS.about, async () => ({ Component: (await import('../features/marketing/about/AboutPage.tsx')).AboutPage })),
      page(PATHS.press, async () => ({ Component: (await import('../features/marketing/press/PressPage.tsx')).PressPage })),
      page(PATHS.signup, async () => ({ Component: (await import('../features/auth/SignUpPage.tsx')).SignUpPage })),
      page(PATHS.affiliates, () => import('../features/affiliates/AffiliatesPage.tsx')),
      page(PATHS.dashboard, async () => ({ Component: (await import('../features/account/DashboardPage.tsx')).DashboardRoute })),
      page(PATHS.profile, async () => ({ Component: (await import('../features/account/ProfilePage.tsx')).ProfileRoute })),
      page(PATHS.subscription, async () => ({
        Component: (await import('../features/account/SubscriptionPage.tsx')).SubscriptionRoute,
      })),
      page(PATHS.settings, async () => ({ Component: (await import('../features/account/SettingsPage.tsx')).SettingsRoute })),
      page(PATHS.security, async () => ({ Component: (await import('../features/account/SecurityPage.tsx')).SecurityRoute })),
      page(PATHS.adminLeads, () => import('../features/admin/AdminLeadsPage.tsx')),
      page(PATHS.adminUsers, () => import('../features/admin/AdminUsersPage.tsx')),
      page(PATHS.adminAudit, async () => ({
        Component: (await import('../features/admin/AdminRecordPages.tsx')).AdminAuditPage,
      })),
      page(PATHS.adminOutbox, async () => ({
        Component: (await import('../features/admin/AdminRecordPages.tsx')).AdminOutboxPage,
      })),
      page(PATHS.adminAffiliates, async () => ({
        Component: (await import('../features/admin/AdminRecordPages.tsx')).AdminAffiliatesPage,
      })),
      page('*', async () => {
        const { NotFoundPage } = await import('../features/not-found/NotFoundPage.tsx');
        return { Component: NotFoundPage };
      }),
    ],
  },
];

/**
 * The router, created once the current page's code has loaded, so that its first render is the
 * page itself: not the loading fallback, which would replace the page painted from the HTML and
 * paint it a second time later. The loaded route keeps what it loaded (no second import when
 * the router starts); if the import fails the route stays lazy and the router reports the error.
 */
export async function createRouter() {
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // Left lazy: the router imports it again and shows the error element if it fails again.
      }
    }),
  );
  return createBrowserRouter(routes);
}
