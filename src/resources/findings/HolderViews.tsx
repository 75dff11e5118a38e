import { Alert, Box, Button, Chip, LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorText } from '../../custom-pages/analysis/api.ts';
import { ScreenCard } from '../../custom-pages/analysis/components.tsx';
import { ShownAnalysisGate } from '../analyses/ShownAnalysis.tsx';
import { FINDINGS_LIST_PATH, holderViewLink, type HolderViewKind } from '../../custom-pages/analysis/findings-link.ts';
import type { FindingRecord } from './FindingsList.tsx';
import { originsOf, parseProvenance, riskLevelColour, riskLevelKey } from '../../custom-pages/analysis/helpers.ts';
import { ListTable, type Column } from '../common/ListTable.tsx';
import { RESOURCES } from '../resource-names.ts';
import { ProvenanceView } from './Provenance.tsx';
import { UserTypeText } from '../../custom-pages/user-types/UserType.tsx';

interface UserViewData {
  user: string;
  fullName: string;
  department: string;
  /** USR02-USTYP (issue 27 item 6): '' unknown. */
  userType?: string;
  roles: { role: string; roleName: string; from: number | null; to: number | null }[];
  profiles: string[];
  referenceUsers: string[];
  findings: number;
  accepted: number;
}

interface ViewFinding {
  id: string;
  holder: string;
  holderName: string;
  userType?: string;
  riskId: string;
  riskDescription: string;
  riskLevel: string;
  accepted: boolean;
}

interface RoleViewData {
  role: string;
  roleName: string;
  users: { user: string; fullName: string; userType?: string; via: string; from: number | null; to: number | null }[];
  usersTotal: number;
  alone: ViewFinding[];
  combined: ViewFinding[];
  combinedTotal: number;
}

/** A DATS integer (20260630) as 2026-06-30; 99991231 and empty as "—" at the end. */
export function formatDate8(value: number | null | undefined): string {
  if (value === null || value === undefined || value === 0) return '—';
  const s = String(value).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** A user or role view of an analysis (the dataProvider's holderView), with the failure in words. */
function useView<T>(kind: HolderViewKind, analysisId: string, name: string): { data: T | null; error: string | null } {
  const translate = useTranslate();
  const dataProvider = useSegraDataProvider();
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null });
    dataProvider
      .holderView<T>(kind, { analysisId, name })
      .then((data) => live && setState({ data, error: null }))
      .catch((e: unknown) => live && setState({ data: null, error: errorText(e, translate, 'segra.analysis.errors.load') }));
    return () => {
      live = false;
    };
  }, [dataProvider, kind, analysisId, name, translate]);
  return state;
}

const HolderLink = ({ kind, name }: { kind: HolderViewKind; name: string }) => (
  <Link component={RouterLink} to={holderViewLink(kind, name)} onClick={(e) => e.stopPropagation()} underline="hover">
    {name}
  </Link>
);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Status({ accepted }: { accepted: boolean }) {
  const translate = useTranslate();
  return accepted ? (
    <Chip size="small" color="success" label={translate('segra.analysis.findings.accepted')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('segra.analysis.findings.open')} />
  );
}

function RiskCell({ f }: { f: { riskId: string; riskDescription?: string } }) {
  return (
    <>
      {f.riskId}
      {f.riskDescription ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: 320 }}>
          {f.riskDescription}
        </Typography>
      ) : null}
    </>
  );
}

/** A small table of findings (a role's, alone or in combination); an empty one says "None". */
function FindingsTable({ rows, withHolder, testId }: { rows: ViewFinding[]; withHolder?: boolean; testId: string }) {
  const translate = useTranslate();
  if (rows.length === 0) return <Typography variant="body2">{translate('segra.analysis.views.none')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {withHolder && <TableCell>{translate('segra.analysis.fields.holder')}</TableCell>}
            {withHolder && <TableCell>{translate('segra.user_type.label')}</TableCell>}
            <TableCell>{translate('segra.analysis.fields.risk_id')}</TableCell>
            <TableCell>{translate('segra.analysis.fields.risk_level')}</TableCell>
            <TableCell>{translate('segra.analysis.fields.accepted')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((f) => (
            <TableRow key={f.id}>
              {withHolder && (
                <TableCell>
                  <HolderLink kind="user" name={f.holder} />
                  {f.holderName && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {f.holderName}
                    </Typography>
                  )}
                </TableCell>
              )}
              {withHolder && (
                <TableCell>
                  <UserTypeText type={f.userType ?? ''} />
                </TableCell>
              )}
              <TableCell>
                <RiskCell f={f} />
              </TableCell>
              <TableCell>
                <Chip size="small" color={riskLevelColour(f.riskLevel)} label={translate(riskLevelKey(f.riskLevel))} />
              </TableCell>
              <TableCell>
                <Status accepted={f.accepted} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Shown({ shown, total }: { shown: number; total: number }) {
  const translate = useTranslate();
  if (shown >= total) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      {translate('segra.analysis.views.shown', { shown, total })}
    </Typography>
  );
}

/** The user view: who the user is, what it holds, and all its findings with roles, org values and status. */
export function UserView({ analysisId, name }: { analysisId: string; name: string }) {
  const translate = useTranslate();
  const { data, error } = useView<UserViewData>('user', analysisId, name);
  const columns: Column<FindingRecord>[] = [
    { key: 'riskId', label: 'segra.analysis.fields.risk_id', sortable: true, render: (f) => <RiskCell f={f} /> },
    {
      key: 'riskLevel',
      label: 'segra.analysis.fields.risk_level',
      sortable: true,
      render: (f) => <Chip size="small" color={riskLevelColour(f.riskLevel)} label={translate(riskLevelKey(f.riskLevel))} />,
    },
    {
      key: 'roles',
      label: 'segra.analysis.views.causing_roles',
      render: (f) => {
        const { roles, profiles } = originsOf(parseProvenance(f.functions));
        return (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {roles.map((r) => (
              <HolderLink key={r} kind="role" name={r} />
            ))}
            {profiles.map((p) => (
              <span key={p}>{p}</span>
            ))}
          </Box>
        );
      },
    },
    { key: 'orgValues', label: 'segra.analysis.drill.org_values', render: (f) => (f.orgValues?.length ? f.orgValues.join(', ') : '—') },
    { key: 'accepted', label: 'segra.analysis.fields.accepted', sortable: true, render: (f) => <Status accepted={f.accepted} /> },
  ];
  return (
    <Box data-testid="user-view">
      <Typography variant="h6" component="h2">
        {translate('segra.analysis.views.user_title', { name })}
        {data?.fullName ? ` — ${data.fullName}` : ''}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <LinearProgress />}
      {data && (
        <>
          <Typography variant="body2">
            {translate('segra.user_type.label')}: <UserTypeText type={data.userType ?? ''} /> · {translate('segra.analysis.views.department')}: {data.department || '—'} ·{' '}
            {translate('segra.analysis.views.summary', { findings: data.findings, accepted: data.accepted })}
          </Typography>
          <Section title={translate('segra.analysis.views.roles')} testId="user-roles">
            {data.roles.length === 0 ? (
              <Typography variant="body2">{translate('segra.analysis.views.none')}</Typography>
            ) : (
              <Table size="small">
                <TableBody>
                  {data.roles.map((r, i) => (
                    <TableRow key={`${r.role}-${i}`}>
                      <TableCell>
                        <HolderLink kind="role" name={r.role} />
                      </TableCell>
                      <TableCell>{r.roleName}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {translate('segra.analysis.views.valid')}: {formatDate8(r.from)} – {formatDate8(r.to)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {data.profiles.length > 0 && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('segra.analysis.views.profiles')}: {data.profiles.join(', ')}
              </Typography>
            )}
            {data.referenceUsers.length > 0 && (
              <Typography variant="body2">
                {translate('segra.analysis.views.reference_users')}: {data.referenceUsers.join(', ')}
              </Typography>
            )}
          </Section>
        </>
      )}
      <Section title={translate('segra.analysis.views.findings')}>
        <ListTable<FindingRecord>
          resource={RESOURCES.findings.name}
          testId="user-findings"
          columns={columns}
          search={false}
          defaultSort={['riskId', 'ASC']}
          filter={{ analysisId, level: ['USER'], holderExact: name }}
          expand={(f) => <ProvenanceView provenance={f.functions} finding={f} links />}
        />
      </Section>
    </Box>
  );
}

/** The role view: its text, who holds it, what it causes alone and together with other roles. */
export function RoleView({ analysisId, name }: { analysisId: string; name: string }) {
  const translate = useTranslate();
  const { data, error } = useView<RoleViewData>('role', analysisId, name);
  return (
    <Box data-testid="role-view">
      <Typography variant="h6" component="h2">
        {translate('segra.analysis.views.role_title', { name })}
        {data?.roleName ? ` — ${data.roleName}` : ''}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <LinearProgress />}
      {data && (
        <>
          <Section title={translate('segra.analysis.views.alone')} testId="role-alone">
            <FindingsTable rows={data.alone} testId="role-alone-table" />
          </Section>
          <Section title={translate('segra.analysis.views.combined')} testId="role-combined">
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
              {translate('segra.analysis.views.combined_hint')}
            </Typography>
            <FindingsTable rows={data.combined} withHolder testId="role-combined-table" />
            <Shown shown={data.combined.length} total={data.combinedTotal} />
          </Section>
          <Section title={translate('segra.analysis.views.users')} testId="role-users">
            {data.users.length === 0 ? (
              <Typography variant="body2">{translate('segra.analysis.views.none')}</Typography>
            ) : (
              <Box sx={{ overflow: 'auto', maxHeight: 480 }}>
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('segra.analysis.fields.holder')}</TableCell>
                      <TableCell>{translate('segra.analysis.views.full_name')}</TableCell>
                      <TableCell>{translate('segra.user_type.label')}</TableCell>
                      <TableCell>{translate('segra.analysis.views.via')}</TableCell>
                      <TableCell>{translate('segra.analysis.views.valid')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.users.map((u) => (
                      <TableRow key={`${u.user}/${u.via}`}>
                        <TableCell>
                          <HolderLink kind="user" name={u.user} />
                        </TableCell>
                        <TableCell>{u.fullName || '—'}</TableCell>
                        <TableCell>
                          <UserTypeText type={u.userType ?? ''} />
                        </TableCell>
                        <TableCell>{u.via === data.role ? translate('segra.analysis.views.direct') : <HolderLink kind="role" name={u.via} />}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDate8(u.from)} – {formatDate8(u.to)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
            <Shown shown={data.users.length} total={data.usersTotal} />
          </Section>
        </>
      )}
    </Box>
  );
}

/** A user or role view on the findings list's page (`?view=user|role&name=…`), of the analysis shown (the user's own choice, else the customer's default). */
export default function HolderViewScreen({ kind, name }: { kind: HolderViewKind; name: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <ScreenCard
      titleKey="segra.screens.reports_list"
      actions={
        <Button size="small" variant="outlined" onClick={() => navigate(FINDINGS_LIST_PATH)}>
          {translate('segra.analysis.views.back')}
        </Button>
      }
    >
      <ShownAnalysisGate>
        {(analysis) => (kind === 'user' ? <UserView analysisId={analysis.analysisId} name={name} /> : <RoleView analysisId={analysis.analysisId} name={name} />)}
      </ShownAnalysisGate>
    </ScreenCard>
  );
}
