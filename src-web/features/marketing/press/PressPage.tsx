import company from '../../../../content/company.json';
import press from '../../../../content/marketing/press.json';
import { usePageMeta } from '../../../components/seo.tsx';
import { ContactCard } from '../shared/ContactCard.tsx';
import shared from '../shared/marketing.module.css';
import { PageHeader } from '../shared/PageHeader.tsx';

/** The Press page: press releases are under development; the info email meanwhile. */
export function PressPage() {
  usePageMeta(press.seo);
  return (
    <>
      <PageHeader title={press.heading}>{press.placeholder}</PageHeader>
      <div className={shared.section}>
        <ContactCard heading={press.contactHeading} text={press.contactText} email={company.email} />
      </div>
    </>
  );
}
