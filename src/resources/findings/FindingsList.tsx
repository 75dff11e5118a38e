import type { SimulatedFinding } from '../../../engine/output/finding-records.ts';
import { Box, Button, Chip, Link, MenuItem, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { canAccessResource, currentViewer } from '../../providers/authProvider.ts';
import { ShownAnalysisGate } from '../analyses/ShownAnalysis.tsx';
import { AnalysisWarnings } from '../analyses/AnalysisWarnings.tsx';
import { ExportButtons } from '../../custom-pages/analysis/FileButtons.tsx';
import { findingsApiFilter, holderViewLink, useFindingsUrlFilter } from '../../custom-pages/analysis/findings-link.ts';
import { FindingStatus, FindingStatusFilter } from './FindingStatus.tsx';
import { ListTable, type Column } from '../common/ListTable.tsx';
import { RESOURCES } from '../resource-names.ts';
import { ScreenCard } from '../../custom-pages/analysis/components.tsx';
import { findingSystems, HOLDER_LEVELS, parseProvenance, RISK_LEVELS, riskLevelColour, riskLevelKey } from '../../custom-pages/analysis/helpers.ts';
import { ProvenanceView } from './Provenance.tsx';
import { ExecutionChip, EXECUTIONS, FindingUsage, type FindingUsageData } from '../../custom-pages/usage/FindingUsage.tsx';
import { UserTypeText, useUserTypeOptions } from '../../custom-pages/user-types/UserType.tsx';
import { AnalysisSystemsBar, FindingSystemsCell, WithAnalysisSystems } from './CrossSystem.tsx';

/** A stored finding: what a simulation shows of a finding, with its record id and analysis. */
export type FindingRecord = SimulatedFinding & {
  id: string;
  analysisId: string;
  /** DESIGN 6 (issue 16): open | accepted | mitigated | deactivated (issue 27), with the mitigating controls that apply. */
  status?: string;
  controls?: string[];
  holderName?: string;
  /** USR02-USTYP of a user finding's holder (issue 27 item 6): '' unknown, null for roles and profiles. */
  userType?: string | null;
  riskDescription?: string;
  execution?: string | null;
  usage?: FindingUsageData | null;
  /** DESIGN 5.18: no single system's user meets the whole risk (CROSS_SYSTEM `X`). */
  crossSystem?: boolean;
};

/** The link to the approval screen for one finding (risk, holder, scope prefilled). */
export const approvalLink = (f: { riskId: string; holder: string; level: string }): string => {
  const scope = f.level === 'ROLE' ? 'role' : f.level === 'USER' ? 'user' : 'global';
  const q = new URLSearchParams({ riskId: f.riskId, scope, ...(scope === 'global' ? {} : { holder: f.holder }) });
  return `/app/reports/risk?${q.toString()}`;
};

function FilterSelect({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  testId?: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      slotProps={testId ? { select: { 'data-testid': testId } as object } : undefined}
      size="small"
      label={translate(label)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{translate('segra.analysis.common.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A code with its name or description underneath, when there is one; `narrow` keeps a long text to two lines (its whole text on hover). */
function CodeWithText({ code, text, narrow }: { code: ReactNode; text?: string; narrow?: boolean }) {
  return (
    <>
      {code}
      {text ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          title={narrow ? text : undefined}
          sx={narrow ? { minWidth: 170, maxWidth: 240, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : undefined}
        >
          {text}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The finding's functions, one `function:action` a line, free to break after the colon: as one
 * unbroken "A:X;B:Y" string the column alone outgrew a 1440 px window and pushed the last
 * columns out of sight (issue 27).
 */
function FunctionLines({ functions }: { functions: unknown }) {
  return (
    <Box sx={{ overflowWrap: 'break-word' }}>
      {parseProvenance(functions).map((m, i) => (
        <div key={i}>
          {m.functionId}:<wbr />
          {m.action ?? ''}
        </div>
      ))}
    </Box>
  );
}

/** A user or role that opens its view (issue 15); a profile stays text, as does a holder of a cross-system analysis (the views read one system). */
function HolderCode({ level, holder, crossSystem }: { level: string; holder: string; crossSystem: boolean }) {
  if ((level !== 'USER' && level !== 'ROLE') || crossSystem) return <>{holder}</>;
  return (
    <Link component={RouterLink} to={holderViewLink(level === 'USER' ? 'user' : 'role', holder)} onClick={(e) => e.stopPropagation()} underline="hover">
      {holder}
    </Link>
  );
}

/** Risk analysis list (/app/reports/list): the findings of the analysis shown (the user's own choice, else the customer's default) with filters and drill-down. */
export default function FindingsList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  // Accepting is the risk approval page's add right, as the API asks; a view-only auditor is not offered it.
  const mayAccept = canAccessResource(currentViewer(), '/app/reports/risk', 'create');
  // The filter lives in the URL, so the dashboards can open this list filtered (issue 15).
  const [urlFilter, setUrlFilter] = useFindingsUrlFilter();
  const userTypeOptions = useUserTypeOptions();
  const columns: Column<FindingRecord>[] = [
    {
      key: 'level',
      label: 'segra.analysis.fields.holder_level',
      sortable: true,
      render: (r) => translate(`segra.analysis.holder_level.${r.level}`),
    },
    {
      key: 'holder',
      label: 'segra.analysis.fields.holder',
      sortable: true,
      render: (r) => <CodeWithText code={<HolderCode level={r.level} holder={r.holder} crossSystem={findingSystems(r.functions).length > 0} />} text={r.holderName} />,
    },
    { key: 'userType', label: 'segra.user_type.label', render: (r) => <UserTypeText type={r.level === 'USER' ? (r.userType ?? '') : null} /> },
    {
      key: 'riskId',
      label: 'segra.analysis.fields.risk_id',
      sortable: true,
      render: (r) => <CodeWithText code={r.riskId} text={r.riskDescription} narrow />,
    },
    {
      key: 'riskLevel',
      label: 'segra.analysis.fields.risk_level',
      sortable: true,
      render: (r) => (
        <Chip size="small" color={riskLevelColour(r.riskLevel)} label={translate(riskLevelKey(r.riskLevel))} />
      ),
    },
    {
      key: 'riskType',
      label: 'segra.analysis.fields.type',
      sortable: true,
      render: (r) => translate(`segra.analysis.risk_type.${r.riskType}`),
    },
    { key: 'businessProcess', label: 'segra.analysis.fields.business_process', sortable: true },
    { key: 'functions', label: 'segra.analysis.fields.functions', render: (r) => <FunctionLines functions={r.functions} /> },
    // Shown for cross-system analyses only (see below): one system's findings have none.
    { key: 'systems', label: 'segra.cross_system.systems', render: (r) => <FindingSystemsCell finding={r} /> },
    {
      key: 'accepted',
      label: 'segra.analysis.fields.accepted',
      sortable: true,
      render: (r) =>
        r.accepted ? (
          <Chip size="small" color="success" label={translate('segra.analysis.findings.accepted')} />
        ) : (
          <Chip size="small" variant="outlined" label={translate('segra.analysis.findings.open')} />
        ),
    },
    { key: 'executionRank', label: 'segra.usage.execution', sortable: true, render: (r) => <ExecutionChip execution={r.execution} /> },
    { key: 'status', label: 'segra.mitigations.fields.finding_status', sortable: true, render: (r) => <FindingStatus status={r.status} controls={r.controls} /> },
  ];
  return (
    <ScreenCard titleKey="segra.screens.reports_list">
      <ShownAnalysisGate>
        {(analysis) => (
          <WithAnalysisSystems analysisId={analysis.analysisId}>
            {(systems) => {
              const filter = findingsApiFilter(analysis.analysisId, urlFilter);
              const crossSystem = systems.length > 1;
              return (
                <>
                  <Flex direction="row" gap={2} sx={{ mb: 2 }} flexWrap="wrap" alignItems="center">
                    <FilterSelect
                      label="segra.analysis.fields.holder_level"
                      value={urlFilter.level ?? ''}
                      onChange={(v) => setUrlFilter('level', v)}
                      options={HOLDER_LEVELS.map((l) => ({
                        value: l,
                        label: translate(`segra.analysis.holder_level.${l}`),
                      }))}
                    />
                    <FilterSelect
                      label="segra.analysis.fields.risk_level"
                      value={urlFilter.riskLevel ?? ''}
                      onChange={(v) => setUrlFilter('riskLevel', v)}
                      options={RISK_LEVELS.map((l) => ({ value: l, label: translate(riskLevelKey(l)) }))}
                    />
                    <FilterSelect
                      label="segra.analysis.fields.accepted"
                      value={urlFilter.accepted ?? ''}
                      onChange={(v) => setUrlFilter('accepted', v)}
                      options={[
                        { value: 'true', label: translate('segra.analysis.findings.accepted') },
                        { value: 'false', label: translate('segra.analysis.findings.open') },
                      ]}
                    />
                    <FilterSelect
                      label="segra.usage.execution"
                      value={urlFilter.execution ?? ''}
                      onChange={(v) => setUrlFilter('execution', v)}
                      options={EXECUTIONS.map((e) => ({ value: e, label: translate(`segra.usage.execution_values.${e}`) }))}
                    />
                    <FindingStatusFilter value={urlFilter.status ?? ''} onChange={(v) => setUrlFilter('status', v)} />
                    <FilterSelect label="segra.user_type.label" value={urlFilter.userType ?? ''} onChange={(v) => setUrlFilter('userType', v)} options={userTypeOptions} />
                    {crossSystem && (
                      <FilterSelect
                        label="segra.cross_system.cross_system"
                        value={urlFilter.crossSystem ?? ''}
                        onChange={(v) => setUrlFilter('crossSystem', v)}
                        options={[
                          { value: 'true', label: translate('segra.cross_system.cross_system_only') },
                          { value: 'false', label: translate('segra.cross_system.within_one_system') },
                        ]}
                        testId="filter-cross-system"
                      />
                    )}
                    {urlFilter.businessProcess !== undefined && (
                      <Chip
                        data-testid="filter-business-process"
                        label={`${translate('segra.analysis.fields.business_process')}: ${urlFilter.businessProcess || '—'}`}
                        onDelete={() => setUrlFilter('businessProcess', undefined)}
                      />
                    )}
                    {urlFilter.holder && (
                      <Chip
                        data-testid="filter-holder"
                        label={`${translate('segra.analysis.fields.holder')}: ${urlFilter.holder}`}
                        onDelete={() => setUrlFilter('holder', undefined)}
                      />
                    )}
                    {urlFilter.holderExact && (
                      <Chip
                        data-testid="filter-holder-exact"
                        label={`${translate('segra.analysis.fields.holder')} = ${urlFilter.holderExact}`}
                        onDelete={() => setUrlFilter('holderExact', undefined)}
                      />
                    )}
                    {/* The export holds exactly the rows listed under the same filter (DESIGN 6). */}
                    <ExportButtons
                      pdf
                      wordedXlsx
                      resource={RESOURCES.analyses.name}
                      id={analysis.analysisId}
                      path="export"
                      query={{ filter: JSON.stringify(filter) }}
                      name={analysis.name}
                    />
                  </Flex>
                  <AnalysisWarnings analysisId={analysis.analysisId} />
                  <AnalysisSystemsBar systems={systems} />
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
                    {translate('segra.analysis.findings.drill_hint')}
                  </Typography>
                  <ListTable<FindingRecord>
                    resource={RESOURCES.findings.name}
                    testId="findings"
                    columns={crossSystem ? columns : columns.filter((c) => c.key !== 'systems')}
                    defaultSort={['holder', 'ASC']}
                    filter={filter}
                    expand={(f) => (
                      <Box>
                        <ProvenanceView provenance={f.functions} finding={f} links />
                        <FindingUsage finding={f} />
                        {f.accepted && (
                          <Typography variant="body2" sx={{ mt: 1 }}>
                            {translate('segra.analysis.findings.accepted_by', {
                              by: f.acceptedBy ?? '—',
                              message: f.message ?? '',
                            })}
                          </Typography>
                        )}
                        {mayAccept && (
                          <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => navigate(approvalLink(f))}>
                            {translate('segra.analysis.findings.accept')}
                          </Button>
                        )}
                        {(f.level === 'USER' || f.level === 'ROLE') && !crossSystem && (
                          <Button
                            size="small"
                            sx={{ mt: 1, ml: 1 }}
                            onClick={() => navigate(holderViewLink(f.level === 'USER' ? 'user' : 'role', f.holder))}
                          >
                            {translate(f.level === 'USER' ? 'segra.analysis.views.open_user' : 'segra.analysis.views.open_role')}
                          </Button>
                        )}
                      </Box>
                    )}
                  />
                </>
              );
            }}
          </WithAnalysisSystems>
        )}
      </ShownAnalysisGate>
    </ScreenCard>
  );
}
