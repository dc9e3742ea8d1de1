import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // A long path wraps instead of widening the card: between its words where it can (the space
  // in "HireAssist Console"), inside one only when a word is longer than the line.
  path: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

/** A file's path in a notice's sentence. */
export function FilePath({ path }: { path: string }) {
  return <span className={useStyles().path}>{path}</span>;
}
