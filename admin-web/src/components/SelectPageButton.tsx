import { Button } from '@mui/material';
import { useListContext } from 'react-admin';

/** Selects every row of the page (keeping what other pages had selected), or unselects all. */
export function SelectPageButton() {
  const { data, selectedIds, onSelect, onUnselectItems } = useListContext();
  const pageIds = (data ?? []).map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selectedIds.includes(id));
  return (
    <Button
      size="small"
      onClick={() => (allOnPage ? onUnselectItems() : onSelect([...new Set([...selectedIds, ...pageIds])]))}
      disabled={!pageIds.length}
    >
      {allOnPage ? 'Unselect all' : 'Select page'}
    </Button>
  );
}
