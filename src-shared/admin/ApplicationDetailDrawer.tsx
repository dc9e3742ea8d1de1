import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { AffiliateApplication } from '../domain/affiliate.ts';
import { ApplicationFields } from './LeadDetailDrawer.tsx';

/** The applicant's name, or their address when they gave none the eye can read. */
export const applicantName = (application: AffiliateApplication): string =>
  `${application.firstName} ${application.lastName}`.trim() || application.email;

/**
 * An affiliate application opened from its row: the whole of it, its audience and motivation
 * unclipped (the table shows a few lines of each). Closing it gives the focus back to the row.
 */
export function ApplicationDetailDrawer({ application, onClose }: { application: AffiliateApplication; onClose(): void }) {
  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
          {applicantName(application)}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <ApplicationFields application={application} />
      </DrawerBody>
    </OverlayDrawer>
  );
}
