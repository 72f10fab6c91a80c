import { useMemo, type ComponentType } from 'react';
import {
  DataTableBody,
  type DataTableBodyProps,
  DataTableRow,
  I18nContext,
  type RaRecord,
  useI18nProvider,
  useRecordContext,
} from 'react-admin';

/**
 * A DataTable body whose row checkboxes are named after their row ("Select user BraveFox"), not
 * "Select this row" on every row. react-admin's row checkbox takes its label from the
 * `ra.action.select_row` translation and has no prop for it, so each row (DataTableBody's
 * documented `row` slot) sees that one message translated for its own record; every other
 * message passes through to the app's i18nProvider. Use as `<DataTable body={namedRows(...)}>`,
 * made once at module level so the body keeps its identity across renders.
 */
export function namedRows<R extends RaRecord>(label: (record: R) => string): ComponentType<DataTableBodyProps> {
  function NamedRow(props: object) {
    const record = useRecordContext<R>();
    const i18n = useI18nProvider();
    const named = useMemo(
      () => ({
        ...i18n,
        translate: (key: string, options?: object) =>
          key === 'ra.action.select_row' && record ? label(record) : i18n.translate(key, options),
      }),
      [i18n, record],
    );
    return (
      <I18nContext.Provider value={named}>
        <DataTableRow {...props} />
      </I18nContext.Provider>
    );
  }
  return function NamedRowsBody(props: DataTableBodyProps) {
    return <DataTableBody {...props} row={NamedRow} />;
  };
}
