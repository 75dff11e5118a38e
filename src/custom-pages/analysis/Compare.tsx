import { Alert, Box, Checkbox, Chip, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { comparisonQuery } from '../../providers/analysis-calls.ts';
import { COMPARISON_RESOURCE } from '../../providers/analysis-methods.ts';
import { ListTable, type Column } from '../../resources/common/ListTable.tsx';
import { RESOURCES } from '../../resources/resource-names.ts';
import { ExportButtons } from './FileButtons.tsx';
import { RecordSelect, useChoices, type Option } from './RecordSelect.tsx';
import { ScreenCard } from './components.tsx';
import { riskLevelKey } from './helpers.ts';
import { comparisonOrgStatusColumns, type ComparisonOrgStatus } from './compare-org-status.tsx';
import { comparisonSystemsColumns, CrossSystemSides, type ComparisonSystems } from './compare-systems.tsx';
import { UserTypeText, useUserTypeOptions } from '../user-types/UserType.tsx';
import { userTypeToApi } from '../user-types/user-type-url.ts';

interface ComparisonRow extends ComparisonOrgStatus, ComparisonSystems {
  id: number;
  level: string;
  holder: string;
  /** USR02-USTYP of a user (issue 27 item 6): '' unknown, null for roles and profiles. */
  userType?: string | null;
  riskId: string;
  status: 'new' | 'resolved' | 'unchanged';
  leftRiskLevel: string | null;
  rightRiskLevel: string | null;
  levelChanged: boolean;
}

interface Side {
  name: string;
  analysisDate: string;
  findings: number;
}

interface Summary {
  new: number;
  resolved: number;
  unchanged: number;
  levelChanged: number;
  orgValuesChanged?: number;
  total: number;
}

const STATUS_COLOUR = { new: 'error', resolved: 'success', unchanged: 'default' } as const;

/**
 * The comparison's counts and sides: the rows' answer carries them (its `meta`). While another
 * pair's answer is still shown in the meantime, no counts are better than the wrong ones.
 */
function ComparisonSummary() {
  const translate = useTranslate();
  const { meta, isPlaceholderData } = useListContext();
  const { summary, left: leftSide, right: rightSide } = (meta ?? {}) as { summary?: Summary; left?: Side; right?: Side };
  if (!summary || isPlaceholderData) return null;
  return (
    <Flex direction="row" gap={1} sx={{ mb: 2 }} flexWrap="wrap" data-testid="compare-summary">
      <Chip color="error" label={`${translate('segra.analysis.compare.new')}: ${summary.new}`} />
      <Chip color="success" label={`${translate('segra.analysis.compare.resolved')}: ${summary.resolved}`} />
      <Chip label={`${translate('segra.analysis.compare.unchanged')}: ${summary.unchanged}`} />
      <Chip color="warning" label={`${translate('segra.analysis.compare.level_changed')}: ${summary.levelChanged}`} />
      <Chip color="warning" variant="outlined" data-testid="compare-org-values-changed" label={`${translate('segra.org_status.org_values_changed')}: ${summary.orgValuesChanged ?? 0}`} />
      {leftSide && rightSide && (
        <Chip
          variant="outlined"
          label={translate('segra.analysis.compare.sides', { left: leftSide.name, leftCount: leftSide.findings, right: rightSide.name, rightCount: rightSide.findings })}
        />
      )}
    </Flex>
  );
}

/** Risk comparison (/app/reports/compare): two completed analyses, summary, rows with filters, export. */
export default function Compare() {
  const translate = useTranslate();
  const analyses = useChoices<Option>(RESOURCES.analyses.name, { field: 'createdAt', order: 'DESC' }, { status: ['completed'] });
  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const [status, setStatus] = useState('');
  const [levelChanged, setLevelChanged] = useState(false);
  const [userType, setUserType] = useState('');
  // A side of several systems (DESIGN 5.18): the rows then name their systems, and may be narrowed to the cross-system ones.
  const [crossSides, setCrossSides] = useState<{ left: string[]; right: string[] } | null>(null);
  const [crossOnly, setCrossOnly] = useState(false);
  const userTypeOptions = useUserTypeOptions();
  const both = left !== '' && right !== '';
  const filter = { ...(status ? { status: [status] } : {}), ...(levelChanged ? { levelChanged: true } : {}), ...(userType ? { userType: [userTypeToApi(userType)] } : {}), ...(crossSides && crossOnly ? { crossSystem: true } : {}) };
  const label = (o: Option) => `${o.name}${o.analysisDate ? ` (${String(o.analysisDate)})` : ''}`;
  const columns: Column<ComparisonRow>[] = [
    { key: 'level', label: 'segra.analysis.fields.holder_level', render: (r) => translate(`segra.analysis.holder_level.${r.level}`) },
    { key: 'holder', label: 'segra.analysis.fields.holder' },
    { key: 'userType', label: 'segra.user_type.label', render: (r) => <UserTypeText type={r.level === 'USER' ? (r.userType ?? '') : null} /> },
    { key: 'riskId', label: 'segra.analysis.fields.risk_id' },
    { key: 'status', label: 'segra.analysis.fields.status', render: (r) => <Chip size="small" color={STATUS_COLOUR[r.status] ?? 'default'} label={translate(`segra.analysis.compare.${r.status}`)} /> },
    { key: 'leftRiskLevel', label: 'segra.analysis.compare.left_level', render: (r) => (r.leftRiskLevel ? translate(riskLevelKey(r.leftRiskLevel)) : '—') },
    { key: 'rightRiskLevel', label: 'segra.analysis.compare.right_level', render: (r) => (r.rightRiskLevel ? translate(riskLevelKey(r.rightRiskLevel)) : '—') },
    { key: 'levelChanged', label: 'segra.analysis.compare.level_changed', render: (r) => (r.levelChanged ? '✔' : '') },
    ...comparisonOrgStatusColumns<ComparisonRow>(),
    ...(crossSides ? comparisonSystemsColumns<ComparisonRow>() : []),
  ];
  return (
    <ScreenCard titleKey="segra.screens.reports_compare">
      <Flex direction="row" gap={2} sx={{ mb: 2 }} flexWrap="wrap">
        <RecordSelect label="segra.analysis.compare.left" value={left} options={analyses} optionLabel={label} onChange={setLeft} testId="compare-left" />
        <RecordSelect label="segra.analysis.compare.right" value={right} options={analyses} optionLabel={label} onChange={setRight} testId="compare-right" />
      </Flex>
      {!both ? (
        <Alert severity="info" data-testid="compare-required">{translate('segra.analysis.compare.both_required')}</Alert>
      ) : (
        <Box>
          <ListTable<ComparisonRow>
            resource={COMPARISON_RESOURCE}
            meta={{ left, right }}
            testId="comparison"
            columns={columns}
            filter={filter}
            errorKey="segra.analysis.errors.comparison"
            above={
              <>
                <ComparisonSummary />
                <CrossSystemSides onChange={setCrossSides} />
                <Flex direction="row" gap={2} sx={{ mb: 1 }} alignItems="center" flexWrap="wrap">
                  <TextField select size="small" label={translate('segra.analysis.fields.status')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }}>
                    <MenuItem value="">{translate('segra.analysis.common.all')}</MenuItem>
                    {(['new', 'resolved', 'unchanged'] as const).map((s) => (
                      <MenuItem key={s} value={s}>{translate(`segra.analysis.compare.${s}`)}</MenuItem>
                    ))}
                  </TextField>
                  <TextField select size="small" label={translate('segra.user_type.label')} value={userType} onChange={(e) => setUserType(e.target.value)} sx={{ minWidth: 160 }} data-testid="compare-user-type">
                    <MenuItem value="">{translate('segra.analysis.common.all')}</MenuItem>
                    {userTypeOptions.map((o) => (
                      <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>
                    ))}
                  </TextField>
                  <FormControlLabel control={<Checkbox checked={levelChanged} onChange={(e) => setLevelChanged(e.target.checked)} />} label={translate('segra.analysis.compare.level_changed')} />
                  {crossSides && (
                    <FormControlLabel
                      control={<Checkbox checked={crossOnly} onChange={(e) => setCrossOnly(e.target.checked)} data-testid="compare-cross-only" />}
                      label={translate('segra.analysis.compare.cross_system_only')}
                    />
                  )}
                  <ExportButtons resource={RESOURCES.analyses.name} path="compare" query={comparisonQuery(left, right, filter)} name="comparison" />
                </Flex>
              </>
            }
          />
        </Box>
      )}
    </ScreenCard>
  );
}
