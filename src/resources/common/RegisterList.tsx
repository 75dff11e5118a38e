import { Button, Stack } from '@mui/material';
import { useRef, type ReactElement, type ReactNode } from 'react';
import {
  CreateButton,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { errorText } from '../../custom-pages/analysis/api.ts';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { CustomerAwareDatagrid } from './CustomerColumn.tsx';
import { NoData, PER_PAGE_OPTIONS } from './ListPage.tsx';

type Summary = (answer: Record<string, unknown>, translate: (key: string, options?: object) => string) => string;

/**
 * A list's actions for a register kept as files (issue 16): create, import a CSV/xlsx, export
 * CSV and xlsx, through the data provider's uploadFiles and downloadFile; the one toolbar of
 * both registers. `api` is the API resource (`mitigating-controls`, `mitigations`): it names the
 * import's test id and the exported file.
 */
export function FileActions({ api, summary }: { api: string; summary: Summary }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext()!;
  const dataProvider = useSegraDataProvider();
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  const input = useRef<HTMLInputElement>(null);
  const pick = async (files: File[]) => {
    if (files.length === 0) return;
    try {
      const answer = (await dataProvider.uploadFiles(resource, { path: 'import', files, onProgress: () => {} })).data as Record<string, unknown>;
      notify(summary(answer, translate), { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorText(e, translate, 'segra.mitigations.files.import_failed'), { type: 'error' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const download = (format: 'csv' | 'xlsx') => {
    dataProvider.downloadFile(resource, { path: 'export', query: { format }, name: `${api}.${format}` }).catch((e) =>
      notify(errorText(e, translate, 'ra.notification.http_error'), { type: 'error' }),
    );
  };
  return (
    <TopToolbar>
      <Stack direction="row" spacing={1}>
        {canCreate && <CreateButton />}
        {canCreate && (
          <Button size="small" component="label" data-testid={`${api}-import`}>
            {translate('segra.mitigations.files.import')}
            <input ref={input} hidden type="file" accept=".csv,.txt,.tsv,.xlsx" onChange={(e) => void pick(Array.from(e.target.files ?? []))} />
          </Button>
        )}
        <Button size="small" onClick={() => download('csv')}>
          {translate('segra.mitigations.files.export_csv')}
        </Button>
        <Button size="small" onClick={() => download('xlsx')}>
          {translate('segra.mitigations.files.export_xlsx')}
        </Button>
      </Stack>
    </TopToolbar>
  );
}

/** A register's list (as common/ListPage shows lists) with create, import and export. */
export function RegisterList({ title, api, summary, children, aside }: { title: string; api: string; summary: Summary; children: ReactNode; aside?: ReactElement }) {
  return (
    <List
      title={title}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} />}
      empty={false}
      exporter={false}
      actions={<FileActions api={api} summary={summary} />}
      aside={aside}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
    >
      <CustomerAwareDatagrid bulkActionButtons={false} rowClick="edit" empty={<NoData />}>
        {children}
      </CustomerAwareDatagrid>
    </List>
  );
}
