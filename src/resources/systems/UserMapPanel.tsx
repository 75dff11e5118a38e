import { Alert, Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { WARNING_CODES } from '../../../engine/model/data-warnings.ts';
import { apiJson, errorText } from '../../custom-pages/analysis/api.ts';
import { localizeApiError } from '../../i18n/localize-server.ts';
import { currentViewer } from '../../providers/authProvider.ts';
import { getActiveCustomer, subscribeActiveCustomer } from '../../providers/customer-scope.ts';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { RESOURCES } from '../resource-names.ts';

export interface UserMapEntry {
  system: string;
  bname: string;
  person: string;
}

/** A warning of the user mapping (code + params, DESIGN 6): a name that maps nowhere, or a column the reader left aside. */
export interface UserMapWarning {
  code: string;
  params: Record<string, string | number>;
}

interface UserMapAnswer {
  entries: UserMapEntry[];
  warnings: UserMapWarning[];
}

const SHOWN_ROWS = 200;
const URL = '/api/user-map';

/**
 * One warning in the reader's language: a column the reader left aside (a data-quality code with
 * its table and count), or a name that maps nowhere (USER_MAP_*, worded from its system and BNAME).
 */
export function userMapWarningText(w: UserMapWarning, translate: (key: string, options?: object) => string): string {
  if ('table' in w.params && (WARNING_CODES as readonly string[]).includes(w.code)) {
    return translate('segra.cross_system.user_map.warning_line', {
      title: translate(`segra.analysis.data_quality.codes.${w.code}`),
      count: w.params.count ?? '',
      table: w.params.table ?? '',
      examples: w.params.examples ?? '',
    });
  }
  return localizeApiError({ code: w.code, params: w.params }, translate) ?? translate('segra.analysis.data_quality.other', { code: w.code });
}

/**
 * The customer's user mapping (DESIGN 5.18, issue 32): which users of different systems are one
 * person (SYSTEM, BNAME, PERSON), uploaded whole as a file, with the names that map nowhere.
 * Shown on the systems page, whose permission the API asks (read to see it, update to upload).
 */
export function UserMapPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess: mayUpload } = useCanAccess({ resource: RESOURCES.systems.name, action: 'edit' });
  const [answer, setAnswer] = useState<UserMapAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dataProvider = useSegraDataProvider();
  // The mapping is one customer's: read again when the SuperAdmin picks another; none without one (NeedsCustomer says so).
  const active = useSyncExternalStore(subscribeActiveCustomer, getActiveCustomer, () => null);
  const noCustomer = currentViewer()?.role === 'SuperAdmin' && !active;
  const load = useCallback(async () => {
    if (noCustomer) return;
    try {
      setAnswer(await apiJson<UserMapAnswer>(URL));
      setFailed(false);
    } catch {
      setFailed(true);
    }
    // `active` is a dependency: it changes what the API answers.
  }, [noCustomer, active]);
  useEffect(() => {
    void load();
  }, [load]);
  const pick = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    try {
      const uploaded = (await dataProvider.uploadFiles('user-map', { path: '', files, onProgress: () => {} })).data as UserMapAnswer;
      setAnswer(uploaded);
      notify(translate('segra.cross_system.user_map.uploaded', { count: uploaded.entries.length }), { type: 'success' });
    } catch (e) {
      notify(errorText(e, translate, 'segra.cross_system.user_map.upload_failed'), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  if (noCustomer) return null;
  const entries = answer?.entries ?? [];
  const warnings = answer?.warnings ?? [];
  return (
    <Card sx={{ mt: 2 }} data-testid="user-map">
      <CardContent>
        <Typography variant="h6">{translate('segra.cross_system.user_map.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('segra.cross_system.user_map.intro')}
        </Typography>
        {mayUpload && (
          <Button size="small" variant="outlined" component="label" disabled={busy} data-testid="user-map-upload">
            {translate('segra.cross_system.user_map.upload')}
            <input ref={input} hidden type="file" accept=".csv,.txt,.tsv,.xlsx" onChange={(e) => void pick(Array.from(e.target.files ?? []))} />
          </Button>
        )}
        {failed && <Alert severity="error" sx={{ mt: 1 }}>{translate('segra.cross_system.user_map.load_failed')}</Alert>}
        {warnings.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="user-map-warnings">
            <Typography variant="subtitle2">{translate('segra.cross_system.user_map.warnings', { count: warnings.length })}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {warnings.map((w, i) => (
                <li key={i} data-testid="user-map-warning">
                  {userMapWarningText(w, translate)}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {answer && entries.length === 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('segra.cross_system.user_map.empty')}
          </Typography>
        )}
        {entries.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {translate('segra.cross_system.user_map.rows', { count: entries.length })}
              {entries.length > SHOWN_ROWS ? ` — ${translate('segra.cross_system.user_map.more_rows', { shown: SHOWN_ROWS, count: entries.length })}` : ''}
            </Typography>
            <Table size="small" sx={{ width: 'auto', minWidth: 420 }} data-testid="user-map-entries">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('segra.cross_system.user_map.system')}</TableCell>
                  <TableCell>{translate('segra.cross_system.user_map.bname')}</TableCell>
                  <TableCell>{translate('segra.cross_system.user_map.person')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.slice(0, SHOWN_ROWS).map((e) => (
                  <TableRow key={`${e.system}\u0000${e.bname}`}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.system}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.bname}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.person}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
