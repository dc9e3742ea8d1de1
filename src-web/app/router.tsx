import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PATHS } from '../../src-shared/domain/routes.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { ErrorFallback } from './error/ErrorFallback.tsx';
import { AppLayout } from './layout/AppLayout.tsx';

type LazyRoute = NonNullable<RouteObject['lazy']>;

/** A page still being built: its module is shared, its title and description are its own. */
function upcoming(title: string, description: string): LazyRoute {
  return async () => {
    const { UpcomingPage } = await import('../components/UpcomingPage.tsx');
    return { element: <UpcomingPage title={title} description={description} /> };
  };
}

const page = (path: string, lazy: LazyRoute): RouteObject => ({ path, lazy });

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorFallback />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      page(
        PATHS.home,
        upcoming(
          'AI-powered recruiting for employers and HR teams',
          'HireAssist reads your job description, searches over 1 billion candidate profiles and ranks the best matches, so you hire 80% faster.',
        ),
      ),
      page(
        PATHS.features,
        upcoming('Features', 'Everything the AI hiring assistant does for you, from candidate search to job distribution.'),
      ),
      page(
        PATHS.howItWorks,
        upcoming('How It Works', 'Five steps from your job description to a ranked shortlist and postings on 75+ job boards.'),
      ),
      page(PATHS.testimonials, upcoming('Testimonials', 'What hiring teams say about working with HireAssist.')),
      page(PATHS.pricing, upcoming('Pricing', 'Plans for teams of every size, with a hiring guarantee behind them.')),
      page(PATHS.blog, upcoming('Blog', 'Articles on hiring, recruiting and getting the most from AI in your search.')),
      page(PATHS.blogPost, upcoming('Blog', 'This article is on its way.')),
      page(PATHS.contact, upcoming('Contact Us', 'Send us a message or book a 30-minute demo with our team.')),
      page(PATHS.careers, upcoming('Jobs', 'Open roles with our clients across 20+ cities.')),
      page(
        PATHS.about,
        upcoming('About Us', 'A professional recruiting firm with 40+ years of experience, now with an AI hiring assistant.'),
      ),
      page(PATHS.press, upcoming('Press', 'News and press releases from HireAssist.')),
      page(PATHS.signup, upcoming('Sign Up', 'Create your HireAssist account.')),
      page(PATHS.affiliates, upcoming('Affiliate Program', 'Earn up to $300 per sale by referring hiring teams to HireAssist.')),
      page(PATHS.dashboard, upcoming('Dashboard', 'Your hiring activity at a glance, once customer accounts open.')),
      page(
        PATHS.profile,
        upcoming('Profile Settings', 'Your name, email address and phone number, once customer accounts open.'),
      ),
      page(PATHS.subscription, upcoming('Subscription', 'Your plan and billing, once customer accounts open.')),
      page(PATHS.settings, upcoming('Settings', 'Your account preferences, once customer accounts open.')),
      page(PATHS.security, upcoming('Security', 'Your password and signed-in devices, once customer accounts open.')),
      page(PATHS.adminLeads, upcoming('Lead Management', 'The operator’s list of leads, arriving with the admin area.')),
      page(
        PATHS.adminUsers,
        upcoming('User Management', 'The operator’s list of customer accounts, arriving with the admin area.'),
      ),
      page('*', async () => {
        const { NotFoundPage } = await import('../features/not-found/NotFoundPage.tsx');
        return { Component: NotFoundPage };
      }),
    ],
  },
];

export const router = createBrowserRouter(routes);
