import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useTranslate } from 'react-admin';
import { formatSourcePath, originsOf, parseProvenance } from './helpers.ts';

/**
 * The drill-down of a finding: for each function, the action that met it and the source paths
 * (user → composite role → single role, or user → reference user → profile) whose
 * authorisations met it; the roles and profiles behind it; the `sources` text.
 */
export function ProvenanceView({ provenance, sources, holder }: { provenance: unknown; sources?: string; holder?: string }) {
  const translate = useTranslate();
  const matches = parseProvenance(provenance);
  const kind = (k: string) => translate(`segra.analysis.source_kind.${k}`, { _: k });
  const { roles, profiles } = originsOf(matches);
  return (
    <Box data-testid="provenance">
      {(roles.length > 0 || profiles.length > 0) && (
        <Flex direction="row" gap={1} flexWrap="wrap" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="subtitle2">{translate('segra.analysis.provenance.caused_by')}</Typography>
          {roles.map((r) => (
            <Chip key={`r-${r}`} size="small" color="primary" label={`${kind('role')} ${r}`} />
          ))}
          {profiles.map((p) => (
            <Chip key={`p-${p}`} size="small" color="secondary" label={`${kind('profile')} ${p}`} />
          ))}
        </Flex>
      )}
      {matches.length > 0 ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('segra.analysis.provenance.function')}</TableCell>
              <TableCell>{translate('segra.analysis.provenance.action')}</TableCell>
              <TableCell>{translate('segra.analysis.provenance.paths')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {matches.map((m) => (
              <TableRow key={m.functionId}>
                <TableCell>{m.functionId}</TableCell>
                <TableCell>{m.action ?? translate('segra.analysis.provenance.no_action')}</TableCell>
                <TableCell>
                  {m.sources.length === 0 && '—'}
                  {m.sources.map((path, i) => (
                    <Typography key={i} variant="body2" sx={{ fontFamily: 'monospace' }}>
                      {holder ? `${holder} › ` : ''}
                      {formatSourcePath(path, kind)}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2">{translate('segra.analysis.provenance.none')}</Typography>
      )}
      {sources && (
        <Typography variant="caption" component="div" sx={{ mt: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {translate('segra.analysis.fields.sources')}: {sources}
        </Typography>
      )}
    </Box>
  );
}
