import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiJson } from '../analysis/api.ts';
import { useApiError } from '../analysis/components.tsx';
import { simulateRemovalLink } from './simulate-removal.ts';

/** The `usage` of a stored user finding (server/analyses/analysis-usage.ts StoredFindingUsage). */
export interface FindingUsageData {
  functions: Array<{ functionId: string; executed: boolean; tcodes: Array<{ tcode: string; count: number; lastDay: string | null }> }>;
  remediation: Array<{ kind: 'ROLE' | 'PROFILE'; name: string; lostTcodes: number }>;
}

interface AnalysisInfo {
  systemPeriodId: string;
  riskPeriodId: string;
  level: string;
  mode: string;
}

interface Plan {
  user: string;
  findings: number;
  removals: Array<{ kind: 'ROLE' | 'PROFILE'; name: string; lostTcodes: number }>;
  lostTcodes: number;
  resolved: string[];
}

export const EXECUTIONS = ['FULL', 'PARTIAL', 'NONE'] as const;

export function executionColour(e: string | null | undefined): 'error' | 'warning' | 'default' {
  return e === 'FULL' ? 'error' : e === 'PARTIAL' ? 'warning' : 'default';
}

/** The execution of a finding as a chip; nothing for findings without usage. */
export function ExecutionChip({ execution }: { execution: string | null | undefined }) {
  const translate = useTranslate();
  if (!execution) return null;
  return <Chip size="small" variant="outlined" color={executionColour(execution)} label={translate(`segra.usage.execution_values.${execution}`)} data-testid="execution-chip" />;
}

/**
 * The drill-down's usage part of a user finding (issue 17): per function the used tcodes that
 * made it executed (runs, last day), the remediation options (each removal alone resolving the
 * risk, with the used tcodes it loses) with "simulate this removal", and the user's plan.
 */
export function FindingUsage({ finding }: { finding: { analysisId: string; holder: string; level: string; execution?: string | null; usage?: FindingUsageData | null } }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const apiError = useApiError();
  const [analysis, setAnalysis] = useState<AnalysisInfo | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const usage = finding.usage;
  const isUser = finding.level === 'USER';
  useEffect(() => {
    if (!usage || !isUser) return;
    apiJson<AnalysisInfo>(`/api/analyses/${finding.analysisId}`).then(setAnalysis, () => setAnalysis(null));
  }, [finding.analysisId, usage, isUser]);
  if (!isUser || !usage) return null;
  const showPlan = async () => {
    try {
      setPlan(await apiJson<Plan>(`/api/analyses/${finding.analysisId}/remediation-plan?user=${encodeURIComponent(finding.holder)}`));
    } catch (e) {
      apiError(e, 'segra.usage.errors.load');
    }
  };
  return (
    <Box sx={{ mt: 2 }} data-testid="finding-usage">
      <Typography variant="subtitle2">
        {translate('segra.usage.execution')}: <ExecutionChip execution={finding.execution} />
      </Typography>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('segra.usage.used_tcodes')}
      </Typography>
      <Table size="small" data-testid="used-tcodes">
        <TableHead>
          <TableRow>
            <TableCell>{translate('segra.analysis.fields.functions')}</TableCell>
            <TableCell>{translate('segra.usage.tcode')}</TableCell>
            <TableCell align="right">{translate('segra.usage.count')}</TableCell>
            <TableCell>{translate('segra.usage.last_day')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {usage.functions.flatMap((f) =>
            f.tcodes.length === 0
              ? [
                  <TableRow key={f.functionId}>
                    <TableCell>{f.functionId}</TableCell>
                    <TableCell colSpan={3}>
                      <Typography variant="caption" color="text.secondary">
                        {translate('segra.usage.not_executed')}
                      </Typography>
                    </TableCell>
                  </TableRow>,
                ]
              : f.tcodes.map((t) => (
                  <TableRow key={`${f.functionId}-${t.tcode}`}>
                    <TableCell>{f.functionId}</TableCell>
                    <TableCell>{t.tcode}</TableCell>
                    <TableCell align="right">{t.count}</TableCell>
                    <TableCell>{t.lastDay ?? '—'}</TableCell>
                  </TableRow>
                )),
          )}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('segra.usage.remediation_options')}
      </Typography>
      {usage.remediation.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('segra.usage.remediation_none')}
        </Typography>
      ) : (
        <Table size="small" data-testid="remediation-options">
          <TableHead>
            <TableRow>
              <TableCell>{translate('segra.usage.remediation')}</TableCell>
              <TableCell align="right">{translate('segra.usage.lost_tcodes')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {usage.remediation.map((e) => (
              <TableRow key={`${e.kind}:${e.name}`} data-testid="remediation-option">
                <TableCell>{`${e.kind === 'ROLE' ? 'R' : 'P'}:${e.name}`}</TableCell>
                <TableCell align="right">{e.lostTcodes}</TableCell>
                <TableCell>
                  {e.kind === 'ROLE' ? (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={!analysis}
                      onClick={() =>
                        analysis &&
                        navigate(simulateRemovalLink({ systemPeriodId: analysis.systemPeriodId, riskPeriodId: analysis.riskPeriodId, user: finding.holder, role: e.name, level: analysis.level, mode: analysis.mode }))
                      }
                    >
                      {translate('segra.usage.simulate')}
                    </Button>
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      {translate('segra.usage.profile_removal')}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button size="small" sx={{ mt: 1 }} onClick={() => void showPlan()} data-testid="show-plan">
        {translate('segra.usage.plan_show')}
      </Button>
      {plan && (
        <Typography variant="body2" data-testid="remediation-plan">
          <strong>{translate('segra.usage.plan', { user: plan.user })}</strong>:{' '}
          {plan.removals.length === 0
            ? translate('segra.usage.plan_nothing')
            : translate('segra.usage.plan_removals', {
                removals: plan.removals.map((e) => `${e.kind === 'ROLE' ? 'R' : 'P'}:${e.name}`).join(', '),
                resolved: plan.resolved.length,
                findings: plan.findings,
                lost: plan.lostTcodes,
              })}
        </Typography>
      )}
    </Box>
  );
}
