import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { List, TextField, DataTable } from 'react-admin';
import { renderAdmin } from '../test/render';
import { LIST_STALE_MS, PrefetchPagination } from './PrefetchPagination';

const rows = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));

describe('PrefetchPagination', () => {
  it('pages next, previous, next with one list request each, sent from the click', async () => {
    const getList = vi.fn((_r: string, p: { pagination: { page: number; perPage: number } }) => {
      const { page, perPage } = p.pagination;
      return Promise.resolve({ data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length });
    });
    renderAdmin(
      <List
        resource="things"
        perPage={25}
        pagination={<PrefetchPagination />}
        queryOptions={{ staleTime: LIST_STALE_MS }}
        disableSyncWithLocation
      >
        <DataTable>
          <DataTable.Col source="name">
            <TextField source="name" />
          </DataTable.Col>
        </DataTable>
      </List>,
      { dataProvider: { getList } },
    );
    expect(await screen.findByText('Row 1')).toBeVisible();
    for (const [button, first] of [
      ['ra.navigation.next', 'Row 26'],
      ['ra.navigation.previous', 'Row 1'],
      ['ra.navigation.next', 'Row 26'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(first)).toBeVisible();
    }
    await new Promise((r) => setTimeout(r, 300));
    // one request per page shown, the click's own (the list did not ask again)
    expect(getList.mock.calls.map(([, p]) => p.pagination.page)).toEqual([1, 2, 1, 2]);
  });
});
