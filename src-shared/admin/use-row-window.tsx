import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';

/** Rows rendered at first and per "Show more": 10,000 table rows would freeze the page for seconds. */
const ROW_WINDOW = 200;

/** The first rows of a list, growing on demand; back to the first window when the list changes. */
export function useRowWindow<T>(items: readonly T[]) {
  const [state, setState] = useState({ items, limit: ROW_WINDOW });
  // A new search or reload starts again from the top (state adjusted while rendering, not in an effect).
  if (state.items !== items) setState({ items, limit: ROW_WINDOW });
  const limit = state.items === items ? state.limit : ROW_WINDOW;
  return {
    visible: items.slice(0, limit),
    hidden: Math.max(0, items.length - limit),
    showMore: () => setState({ items, limit: limit + ROW_WINDOW * 5 }),
  };
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground3,
  },
});

/** Below a windowed table: how many rows are not drawn yet, and a button to draw more. */
export function ShowMoreRows({ hidden, onShowMore }: { hidden: number; onShowMore(): void }) {
  const styles = useStyles();
  if (hidden === 0) return null;
  return (
    <div className={styles.root}>
      <span>{hidden} more not shown</span>
      <Button onClick={onShowMore}>Show more</Button>
    </div>
  );
}
