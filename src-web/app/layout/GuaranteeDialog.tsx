import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import company from '../../../content/company.json';
import guarantee from '../../../content/marketing/guarantee.json';
import { ModalDialog } from '../../../src-shared/ui/ModalDialog.tsx';

const useStyles = makeStyles({
  points: { margin: `${tokens.spacingVerticalM} 0 0`, paddingLeft: tokens.spacingHorizontalXL, lineHeight: 1.6 },
});

/**
 * The hiring guarantee popup of the footer. Loaded when first opened: its text is in a file of its
 * own (content/marketing/guarantee.json), not in company.json, which every page's first load carries.
 */
export function GuaranteeDialog({ onClose }: { onClose(): void }) {
  const styles = useStyles();
  return (
    <ModalDialog open onDismiss={onClose}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{company.guarantee.title}</DialogTitle>
          <DialogContent>
            <p>{guarantee.summary}</p>
            <ul className={styles.points}>
              {guarantee.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </ModalDialog>
  );
}
