/**
 * Read by screen readers, not shown (px units: in MUI's sx a bare 1 means 100%). Give its parent
 * `position: relative`, or it is placed against the page and can widen a scrolling table's page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
