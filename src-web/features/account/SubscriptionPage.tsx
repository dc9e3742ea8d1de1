import { Body1, Button, Card, Spinner, Subtitle1, Title2 } from '@fluentui/react-components';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { guarded } from './pages.tsx';
import { usePublicConfig } from '../../components/public-config.ts';
import { usePageStyles } from './page-styles.ts';

/**
 * /subscription: where plans are chosen (Pricing) and where billing is managed (Stripe's customer
 * portal when configured, else sales). It names no current plan: plans are bought in Stripe's
 * hosted pricing table and the server keeps no record of them, so any plan shown here could be wrong.
 */
export function SubscriptionPage() {
  const page = usePageStyles();
  const config = usePublicConfig();
  useDocumentTitle('Subscription');
  // Unknown while the configuration loads: neither way to billing is offered before it is known
  // which applies (Contact Sales first, then Manage Billing in its place, would move under a click).
  // Without a configuration, sales answers.
  const portalUrl =
    config.status === 'loading'
      ? undefined
      : config.status === 'ready'
        ? (config.config.accounts?.customerPortalUrl ?? null)
        : null;
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <div className={page.heading}>
        <Title2 as="h1" className={page.title}>
          Subscription
        </Title2>
        <Body1 className={page.subtitle}>Your plan and billing.</Body1>
      </div>
      <Card className={page.card}>
        <Subtitle1 as="h2">Plans and Billing</Subtitle1>
        <Body1>Plans are chosen and bought on the Pricing page.</Body1>
        {portalUrl !== undefined && (
          <Body1>
            {portalUrl
              ? 'Manage Billing shows your plan, invoices and payment method.'
              : 'For questions about your plan or an invoice, contact our sales team.'}
          </Body1>
        )}
        <div className={page.actions} style={{ justifyContent: 'flex-start' }}>
          <ButtonLink to={PATHS.pricing} appearance="primary">
            View Plans
          </ButtonLink>
          {portalUrl === undefined && <Spinner size="tiny" label="Loading billing options…" />}
          {portalUrl && (
            <Button as="a" href={portalUrl} target="_blank" rel="noopener noreferrer">
              Manage Billing
            </Button>
          )}
          {portalUrl === null && <ButtonLink to={PATHS.contact}>Contact Sales</ButtonLink>}
        </div>
      </Card>
    </div>
  );
}

/** The page behind its sign-in guard, as the router mounts it. */
export const SubscriptionRoute = guarded(SubscriptionPage);
