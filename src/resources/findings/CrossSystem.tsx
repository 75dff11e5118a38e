import { Box, Chip, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { findingSystems } from '../../custom-pages/analysis/helpers.ts';
import { coveredSystems, type CoveredSystem } from '../analyses/analysis-systems.ts';
import { PerSystemNotice } from '../analyses/OtherSystemsPicker.tsx';
import { RESOURCES } from '../resource-names.ts';

/** The systems an analysis covers (GET /api/analyses/:id `systems`): [] for one system, and until read. */
export function useAnalysisSystems(analysisId: string): CoveredSystem[] {
  const { data } = useGetOne<{ id: string; systems?: unknown }>(
    RESOURCES.analyses.name,
    { id: analysisId },
    { enabled: analysisId !== '' },
  );
  return data ? coveredSystems(data) : [];
}

/** Above a cross-system analysis's findings: the systems it covers, and that usage and remediation stay per system (issue 32). */
export function AnalysisSystemsBar({ systems }: { systems: readonly CoveredSystem[] }) {
  const translate = useTranslate();
  if (systems.length < 2) return null;
  return (
    <Box sx={{ mb: 1 }}>
      <Flex direction="row" gap={1} alignItems="center" sx={{ mb: 1 }} data-testid="analysis-systems-bar">
        <Typography variant="subtitle2">{translate('segra.cross_system.systems')}:</Typography>
        {systems.map((s) => (
          <Chip key={s.sid} size="small" variant="outlined" label={s.sid} />
        ))}
      </Flex>
      <PerSystemNotice />
    </Box>
  );
}

/** A finding's systems cell: the cross-system flag (no single system's user meets the risk), then the systems that met its functions. */
export function FindingSystemsCell({ finding }: { finding: { crossSystem?: boolean; functions: unknown } }) {
  const translate = useTranslate();
  const systems = findingSystems(finding.functions);
  if (systems.length === 0 && !finding.crossSystem) return <>—</>;
  return (
    <Flex direction="row" gap={0.5} flexWrap="wrap" alignItems="center" data-testid="finding-systems">
      {finding.crossSystem && (
        <Chip
          size="small"
          color="info"
          label={translate('segra.cross_system.cross_system')}
          data-testid="cross-system-flag"
        />
      )}
      {systems.map((s) => (
        <Chip key={s} size="small" variant="outlined" label={s} />
      ))}
    </Flex>
  );
}

/** `children(systems)` with the systems of the analysis (a render prop: the findings list learns its analysis inside a gate). */
export function WithAnalysisSystems({
  analysisId,
  children,
}: {
  analysisId: string;
  children: (systems: CoveredSystem[]) => React.ReactNode;
}) {
  return <>{children(useAnalysisSystems(analysisId))}</>;
}
