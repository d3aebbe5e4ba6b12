import { useCallback, useState } from 'react';
import { DataGrid, type DataGridProps, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE } from '@sunstamp/domain/contracts/common';

/** The page sizes the server-paged lists offer (MUI X's free grid caps a page at 100). */
export const SERVER_PAGE_SIZES = [25, 50, 100] as const;

/** A page as every paged endpoint answers it (`{ count, results }` of the domain's page contracts). */
export type ServerPage<R> = { count: number; results: R[] };

export type ServerDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'rows' | 'rowCount' | 'paginationMode' | 'sortingMode' | 'filterMode' | 'paginationModel' | 'onPaginationModelChange' | 'localeText'
> & {
  /** The current page from the server, or undefined while the first one loads. */
  page: ServerPage<R> | undefined;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** What the grid says when the page is empty (it depends on the filters a page shows). */
  noRowsLabel: string;
};

/**
 * The one DataGrid for lists the server pages, sorts and filters: the grid only shows the page it
 * is given and reports page, page size and sort changes; the list's query does the rest.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  page, noRowsLabel, pageSizeOptions = [...SERVER_PAGE_SIZES], sx, ...props
}: ServerDataGridProps<R>) {
  return (
    <DataGrid<R>
      rows={page?.results ?? []}
      rowCount={page?.count ?? 0}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      pageSizeOptions={pageSizeOptions}
      localeText={{ noRowsLabel }}
      // MUI's sx takes an object, a function or a list; a list holds any of them after the default.
      sx={[{ bgcolor: 'background.paper' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}

/**
 * The paging state of a server-paged list: the grid's model, a reset to the first page (for a new
 * search or filter) and the page numbers the API takes (1-based `page`, `page_size`).
 */
export function useServerPaging(pageSize: number = DEFAULT_PAGE_SIZE) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize });
  const resetPage = useCallback(() => setPaging((p) => (p.page === 0 ? p : { ...p, page: 0 })), []);
  return { paging, setPaging, resetPage, pageQuery: { page: paging.page + 1, page_size: paging.pageSize } };
}
