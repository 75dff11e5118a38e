import { Alert, Box, Chip, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SimulatedFinding } from '../../../engine/output/finding-records.ts';
import { NoData } from '../../resources/common/ListPage.tsx';
import { Flex } from './Flex.tsx';
import { formatDuration, functionsText, riskLevelColour, riskLevelKey } from './helpers.ts';
import { FindingStatus } from '../../resources/findings/FindingStatus.tsx';
import { ProvenanceView } from '../../resources/findings/Provenance.tsx';
import type { AuthorisationValue, SimulationLevel, SimulationMode } from './simulation-options.ts';

/** A finding of a simulation as the API answers it (type only: nothing of the engine is bundled). */
export type SimFinding = SimulatedFinding;

/** The answer of POST /api/simulations; the server echoes holder, level, mode and the role lists. */
export interface SimulationAnswer {
  holder?: { kind: 'user' | 'role'; name: string };
  level?: SimulationLevel;
  mode?: SimulationMode;
  addRoles?: string[];
  removeRoles?: string[];
  summary: { before: number; after: number; added: number; removed: number; changed?: number };
  before: SimFinding[];
  after: SimFinding[];
  added: SimFinding[];
  removed: SimFinding[];
  /** Held before and after at other org values (DESIGN 5.15). */
  changed?: SimFinding[];
  timings: { cached: boolean; loadMs: number; simulateMs: number; totalMs: number };
}

/** What was asked, for the options shown with the result (the answer does not echo the value lists). */
export interface SimulationAsked {
  kind: 'user' | 'role';
  holder: string;
  level: SimulationLevel;
  mode: SimulationMode;
  addRoles: string[];
  removeRoles: string[];
  addValues: AuthorisationValue[];
  removeValues: AuthorisationValue[];
}

/** Findings of a simulation with their functions and, on a click, their sources. */
export function FindingRows({ rows }: { rows: SimFinding[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  if (rows.length === 0) return <NoData />;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('segra.analysis.fields.holder')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.risk_id')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.risk_level')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.business_process')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.functions')}</TableCell>
          <TableCell>{translate('segra.org_status.org_values')}</TableCell>
          <TableCell>{translate('segra.org_status.status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((f, i) => (
          <Fragment key={`${f.level}-${f.holder}-${f.riskId}`}>
            <TableRow hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(open === i ? null : i)}>
              <TableCell>{f.holder}</TableCell>
              <TableCell>{f.riskId}</TableCell>
              <TableCell><Chip size="small" color={riskLevelColour(f.riskLevel)} label={translate(riskLevelKey(f.riskLevel))} /></TableCell>
              <TableCell>{f.businessProcess}</TableCell>
              <TableCell>{functionsText(f.functions)}</TableCell>
              <TableCell>{f.orgValues.length > 0 ? f.orgValues.join('; ') : '—'}</TableCell>
              <TableCell><FindingStatus status={f.status} controls={f.controls} /></TableCell>
            </TableRow>
            {open === i && (
              <TableRow>
                <TableCell colSpan={7} sx={{ bgcolor: 'action.hover' }}>
                  <ProvenanceView provenance={f.functions} finding={f} />
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}

/** The options a result was computed with: the server's echo where it gives one, else what was sent. */
function OptionsUsed({ result, asked }: { result: SimulationAnswer; asked: SimulationAsked }) {
  const translate = useTranslate();
  const level = result.level ?? asked.level;
  const mode = result.mode ?? asked.mode;
  const addRoles = result.addRoles ?? asked.addRoles;
  const removeRoles = result.removeRoles ?? asked.removeRoles;
  const holder = result.holder ?? { kind: asked.kind, name: asked.holder };
  const items: [string, string][] = [
    ['holder', `${translate(holder.kind === 'user' ? 'segra.analysis.simulation.user' : 'segra.analysis.simulation.role')}: ${holder.name}`],
    ['level', `${translate('segra.analysis.fields.level')}: ${translate(`segra.analysis.level.${level}`)}`],
    ['mode', `${translate('segra.analysis.fields.mode')}: ${translate(`segra.analysis.mode.${mode}`)}`],
  ];
  if (addRoles.length > 0) items.push(['add-roles', `${translate('segra.analysis.simulation.add_roles')}: ${addRoles.join(', ')}`]);
  if (removeRoles.length > 0) items.push(['remove-roles', `${translate('segra.analysis.simulation.remove_roles')}: ${removeRoles.join(', ')}`]);
  if (asked.kind === 'role' && asked.addValues.length > 0) {
    items.push(['add-values', translate('segra.analysis.simulation.used_values_added', { count: asked.addValues.length })]);
  }
  if (asked.kind === 'role' && asked.removeValues.length > 0) {
    items.push(['remove-values', translate('segra.analysis.simulation.used_values_removed', { count: asked.removeValues.length })]);
  }
  return (
    <Flex direction="row" gap={1} flexWrap="wrap" alignItems="center" sx={{ mb: 1 }} data-testid="simulation-options-used">
      <Typography variant="body2" color="text.secondary">{translate('segra.analysis.simulation.options_used')}</Typography>
      {items.map(([k, text]) => (
        <Chip key={k} size="small" variant="outlined" label={text} data-testid={`simulation-used-${k}`} />
      ))}
    </Flex>
  );
}

const TABS = ['added', 'removed', 'changed', 'before', 'after'] as const;
const tabLabel = (t: (typeof TABS)[number]): string => (t === 'changed' ? 'segra.org_status.changed' : `segra.analysis.simulation.${t}`);

/** Counts, options used, timings and the findings before, after, new and removed. */
export function SimulationResultView({ result, asked }: { result: SimulationAnswer; asked: SimulationAsked }) {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  return (
    <Box data-testid="simulation-result">
      <OptionsUsed result={result} asked={asked} />
      <Flex direction="row" gap={1} flexWrap="wrap" sx={{ mb: 1 }} data-testid="simulation-summary">
        <Chip data-testid="simulation-count-before" label={`${translate('segra.analysis.simulation.before')}: ${result.summary.before}`} />
        <Chip data-testid="simulation-count-after" label={`${translate('segra.analysis.simulation.after')}: ${result.summary.after}`} />
        <Chip data-testid="simulation-count-added" color="error" label={`${translate('segra.analysis.simulation.added')}: ${result.summary.added}`} />
        <Chip data-testid="simulation-count-removed" color="success" label={`${translate('segra.analysis.simulation.removed')}: ${result.summary.removed}`} />
      </Flex>
      <Typography variant="caption" component="div" color="text.secondary" data-testid="simulation-timings">
        {translate('segra.analysis.simulation.timings', {
          total: formatDuration(result.timings.totalMs),
          simulate: formatDuration(result.timings.simulateMs),
          load: result.timings.cached ? translate('segra.analysis.simulation.cached') : formatDuration(result.timings.loadMs),
        })}
      </Typography>
      {result.summary.added === 0 && result.summary.removed === 0 && (
        <Alert severity="info" sx={{ my: 1 }}>{translate('segra.analysis.simulation.no_change')}</Alert>
      )}
      <Tabs value={tab} onChange={(_e, t: number) => setTab(t)} sx={{ my: 1 }}>
        {TABS.map((t) => (
          <Tab key={t} label={`${translate(tabLabel(t))} (${result.summary[t] ?? 0})`} />
        ))}
      </Tabs>
      <FindingRows rows={result[TABS[tab]] ?? []} />
    </Box>
  );
}
