import { Chip } from '@mui/material';
import { useEffect } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import type { Column } from '../../resources/common/ListTable.tsx';

/**
 * What a comparison row says of systems when one of the two analyses covers several (DESIGN 5.18,
 * server/modules/reports/compare.ts): the systems that met the finding and whether it is
 * cross-system. Two findings are the same only when these are too.
 */
export interface ComparisonSystems {
  systems?: string[];
  crossSystem?: boolean;
}

/** The comparison's systems columns, shown only when a side covers several systems. */
export function comparisonSystemsColumns<T extends ComparisonSystems>(): Column<T>[] {
  return [
    { key: 'systems', label: 'segra.analysis.compare.systems', render: (r) => (r.systems ?? []).join(', ') },
    {
      key: 'crossSystem',
      label: 'segra.analysis.compare.cross_system',
      render: (r) => (r.crossSystem ? <CrossSystemChip /> : ''),
    },
  ];
}

function CrossSystemChip() {
  const translate = useTranslate();
  return <Chip size="small" color="warning" variant="outlined" label={translate('segra.analysis.compare.cross_system')} data-testid="compare-cross-system" />;
}

/**
 * Tells the screen whether the comparison shown has a side of several systems (its answer's
 * sides then name their systems), so that it shows the systems columns and filter.
 */
export function CrossSystemSides({ onChange }: { onChange: (sides: { left: string[]; right: string[] } | null) => void }) {
  const translate = useTranslate();
  const { meta, isPlaceholderData } = useListContext();
  const sides = (meta ?? {}) as { left?: { systems?: string[] }; right?: { systems?: string[] } };
  const left = sides.left?.systems;
  const right = sides.right?.systems;
  const known = !isPlaceholderData && left !== undefined && right !== undefined;
  const key = known ? `${left.join(',')}|${right.join(',')}` : '';
  useEffect(() => {
    onChange(known ? { left: left!, right: right! } : null);
    // The key stands for both lists: a new answer with the same systems changes nothing.
  }, [key]);
  if (!known) return null;
  return (
    <Chip
      variant="outlined"
      data-testid="compare-systems"
      sx={{ mb: 1 }}
      label={translate('segra.analysis.compare.sides_systems', { left: left!.join(', '), right: right!.join(', ') })}
    />
  );
}
