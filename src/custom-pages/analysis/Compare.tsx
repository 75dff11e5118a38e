import { Alert, Box, Checkbox, Chip, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { httpClient } from '../../providers/httpClient.ts';
import { ExportButtons } from './FileButtons.tsx';
import { PagedTable, type Column } from './PagedTable.tsx';
import { RecordSelect, useChoices, type Option } from './RecordSelect.tsx';
import { ScreenCard } from './components.tsx';
import { listQuery, riskLevelKey } from './helpers.ts';

interface ComparisonRow {
  level: string;
  holder: string;
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
  total: number;
}

const STATUS_COLOUR = { new: 'error', resolved: 'success', unchanged: 'default' } as const;

/** Risk comparison (/app/reports/compare): two completed analyses, summary, rows with filters, export. */
export default function Compare() {
  const translate = useTranslate();
  const analyses = useChoices<Option>('analyses', { field: 'createdAt', order: 'DESC' }, { status: ['completed'] });
  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const [status, setStatus] = useState('');
  const [levelChanged, setLevelChanged] = useState(false);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [sides, setSides] = useState<{ left: Side; right: Side } | null>(null);
  const both = left !== '' && right !== '';
  const filter = { ...(status ? { status: [status] } : {}), ...(levelChanged ? { levelChanged: true } : {}) };
  const base = `/api/analyses/compare?left=${encodeURIComponent(left)}&right=${encodeURIComponent(right)}`;
  const label = (o: Option) => `${o.name}${o.analysisDate ? ` (${String(o.analysisDate)})` : ''}`;
  const columns: Column<ComparisonRow>[] = [
    { key: 'level', label: 'segra.analysis.fields.holder_level', render: (r) => translate(`segra.analysis.holder_level.${r.level}`) },
    { key: 'holder', label: 'segra.analysis.fields.holder' },
    { key: 'riskId', label: 'segra.analysis.fields.risk_id' },
    { key: 'status', label: 'segra.analysis.fields.status', render: (r) => <Chip size="small" color={STATUS_COLOUR[r.status] ?? 'default'} label={translate(`segra.analysis.compare.${r.status}`)} /> },
    { key: 'leftRiskLevel', label: 'segra.analysis.compare.left_level', render: (r) => (r.leftRiskLevel ? translate(riskLevelKey(r.leftRiskLevel)) : '—') },
    { key: 'rightRiskLevel', label: 'segra.analysis.compare.right_level', render: (r) => (r.rightRiskLevel ? translate(riskLevelKey(r.rightRiskLevel)) : '—') },
    { key: 'levelChanged', label: 'segra.analysis.compare.level_changed', render: (r) => (r.levelChanged ? '✔' : '') },
  ];
  return (
    <ScreenCard titleKey="segra.screens.reports_compare">
      <Flex direction="row" gap={2} sx={{ mb: 2 }} flexWrap="wrap">
        <RecordSelect label="segra.analysis.compare.left" value={left} options={analyses} optionLabel={label} onChange={(id) => { setLeft(id); setSummary(null); }} testId="compare-left" />
        <RecordSelect label="segra.analysis.compare.right" value={right} options={analyses} optionLabel={label} onChange={(id) => { setRight(id); setSummary(null); }} testId="compare-right" />
      </Flex>
      {!both ? (
        <Alert severity="info" data-testid="compare-required">{translate('segra.analysis.compare.both_required')}</Alert>
      ) : (
        <Box>
          {summary && (
            <Flex direction="row" gap={1} sx={{ mb: 2 }} flexWrap="wrap" data-testid="compare-summary">
              <Chip color="error" label={`${translate('segra.analysis.compare.new')}: ${summary.new}`} />
              <Chip color="success" label={`${translate('segra.analysis.compare.resolved')}: ${summary.resolved}`} />
              <Chip label={`${translate('segra.analysis.compare.unchanged')}: ${summary.unchanged}`} />
              <Chip color="warning" label={`${translate('segra.analysis.compare.level_changed')}: ${summary.levelChanged}`} />
              {sides && (
                <Chip
                  variant="outlined"
                  label={translate('segra.analysis.compare.sides', { left: sides.left.name, leftCount: sides.left.findings, right: sides.right.name, rightCount: sides.right.findings })}
                />
              )}
            </Flex>
          )}
          <Flex direction="row" gap={2} sx={{ mb: 1 }} alignItems="center" flexWrap="wrap">
            <TextField select size="small" label={translate('segra.analysis.fields.status')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }}>
              <MenuItem value="">{translate('segra.analysis.common.all')}</MenuItem>
              {(['new', 'resolved', 'unchanged'] as const).map((s) => (
                <MenuItem key={s} value={s}>{translate(`segra.analysis.compare.${s}`)}</MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Checkbox checked={levelChanged} onChange={(e) => setLevelChanged(e.target.checked)} />} label={translate('segra.analysis.compare.level_changed')} />
            <ExportButtons url={`${base}&${listQuery({ filter })}`} name="comparison" />
          </Flex>
          <PagedTable<ComparisonRow & { id?: string }>
            testId="comparison"
            columns={columns}
            reloadKey={`${left}-${right}`}
            filter={filter}
            errorKey="segra.analysis.errors.comparison"
            load={async (p) => {
              const { json } = await httpClient(`${base}&${listQuery({ range: p.range, filter: p.filter })}`);
              const body = json as { summary: Summary; left: Side; right: Side; rows: ComparisonRow[]; total: number };
              setSummary(body.summary);
              setSides({ left: body.left, right: body.right });
              return { rows: body.rows, total: body.total };
            }}
          />
        </Box>
      )}
    </ScreenCard>
  );
}
