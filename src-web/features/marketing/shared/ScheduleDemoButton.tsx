import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../../components/button-styles.ts';
import { CalendarIcon } from '../../../components/page-icons.tsx';

/** The subject the contact page pre-fills when a visitor comes from a 'Schedule a Demo' button. */
export const DEMO_REQUEST_SUBJECT = 'Demo Request';

/** A link to /contact that carries the navigation state {subject: 'Demo Request'}, so the form opens with it (Home, How It Works). */
export function ScheduleDemoButton({ label = 'Schedule a Demo', className }: { label?: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(PATHS.contact, { state: { subject: DEMO_REQUEST_SUBJECT } });
  };
  return (
    <a
      href={PATHS.contact}
      onClick={onClick}
      className={cx(buttonClasses.base, buttonClasses.primary, buttonClasses.large, className)}
    >
      <CalendarIcon />
      {label}
    </a>
  );
}
