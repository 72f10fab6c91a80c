import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import SortIcon from '@mui/icons-material/Sort';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useListSortContext } from 'react-admin';

export type SortKind = 'date' | 'number' | 'text';

export interface SortChoice {
  field: string;
  label: string;
  kind: SortKind;
}

const ORDER_TEXT: Record<SortKind, { ASC: string; DESC: string }> = {
  date: { DESC: 'newest first', ASC: 'oldest first' },
  number: { DESC: 'highest first', ASC: 'lowest first' },
  text: { ASC: 'A to Z', DESC: 'Z to A' },
};

/** "Uploaded, newest first": what a sort means to an operator, not "totalVotes DESC". */
export function sortText(choices: readonly SortChoice[], field: string, order: string): string {
  const choice = choices.find((c) => c.field === field);
  if (!choice) return 'Sort';
  return `${choice.label}, ${ORDER_TEXT[choice.kind][order === 'ASC' ? 'ASC' : 'DESC']}`;
}

/**
 * The list's sort as a button that names it ("Sort: Votes, highest first") and a menu of the
 * choices: picking the current one turns its order round, a new one starts from its natural order
 * (newest, highest, A to Z). react-admin's SortButton with a fixed label never said what was sorted.
 */
export function SortMenu({ choices }: { choices: readonly SortChoice[] }) {
  const { sort, setSort } = useListSortContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = sortText(choices, sort.field, sort.order);
  const pick = (c: SortChoice) => {
    const order = c.field === sort.field ? (sort.order === 'ASC' ? 'DESC' : 'ASC') : c.kind === 'text' ? 'ASC' : 'DESC';
    setSort({ field: c.field, order });
    setAnchor(null);
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<SortIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', textAlign: 'left' }}
      >
        Sort: {current}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {choices.map((c) => {
          const active = c.field === sort.field;
          const next = active ? (sort.order === 'ASC' ? 'DESC' : 'ASC') : c.kind === 'text' ? 'ASC' : 'DESC';
          return (
            <MenuItem key={c.field} selected={active} onClick={() => pick(c)}>
              <ListItemIcon>{active ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={c.label} secondary={ORDER_TEXT[c.kind][next]} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
