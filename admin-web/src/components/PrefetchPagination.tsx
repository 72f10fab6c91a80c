import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  ListPaginationContext,
  Pagination,
  useDataProvider,
  useListContext,
  useListPaginationContext,
  type PaginationProps,
} from 'react-admin';
import { useEstimatedRangeLabel } from './estimated-total';

/**
 * react-admin's Pagination, except that a page change sends the new page's list request from the
 * click handler, before the list re-renders (the URL, the layout and the rows are updated after):
 * on a slow or busy device the request no longer waits behind that rendering. The prefetch uses
 * useGetList's own query key, so the list picks up that very request instead of sending another,
 * provided the list's queryOptions keep a fresh answer a moment (`staleTime: LIST_STALE_MS`):
 * otherwise a list that renders after the answer came asks again.
 */
export const LIST_STALE_MS = 5_000;

export function PrefetchPagination(props: PaginationProps) {
  const list = useListContext();
  const pagination = useListPaginationContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { resource, sort, filterValues, filter } = list;
  const estimatedLabel = useEstimatedRangeLabel();
  const value = useMemo(() => {
    const prefetch = (page: number, perPage: number) => {
      const params = { pagination: { page, perPage }, sort, filter: { ...filterValues, ...filter }, meta: undefined };
      void queryClient.prefetchQuery({
        queryKey: [resource, 'getList', params],
        queryFn: () =>
          dataProvider
            .getList(resource, params)
            .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
      });
    };
    return {
      ...pagination,
      setPage: (page: number) => {
        prefetch(page, pagination.perPage);
        pagination.setPage(page);
      },
    };
  }, [pagination, sort, filterValues, filter, resource, dataProvider, queryClient]);
  return (
    <ListPaginationContext.Provider value={value}>
      <Pagination {...(estimatedLabel ? { labelDisplayedRows: estimatedLabel } : {})} {...props} />
    </ListPaginationContext.Provider>
  );
}
