import { Alert, Box, Chip } from '@mui/material';
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { getActiveCustomer } from '../../providers/customer-scope.ts';
import { useActiveCustomer } from './components.tsx';
import { Flex } from './Flex.tsx';
import { parseDefaultAnalysis, readDefaultAnalysisRaw, subscribeDefaultAnalysis, writeDefaultAnalysis, type DefaultAnalysis } from './helpers.ts';
import { RecordSelect, useOptions, type Option } from './RecordSelect.tsx';

/** The default analysis of the active customer (spec: "A default analysis must be chosen to see the full list"). */
export function useDefaultAnalysis(): [DefaultAnalysis | null, (a: { id: string; name: string } | null) => void] {
  const raw = useSyncExternalStore(subscribeDefaultAnalysis, readDefaultAnalysisRaw, () => null);
  const customer = useActiveCustomer();
  const value = parseDefaultAnalysis(raw, customer);
  const set = useCallback(
    (a: { id: string; name: string } | null) => writeDefaultAnalysis(a ? { id: a.id, name: a.name, customerId: getActiveCustomer() } : null),
    [],
  );
  return [value, set];
}

/** A picker of completed analyses that sets the default analysis. */
export function DefaultAnalysisPicker() {
  const [current, setCurrent] = useDefaultAnalysis();
  const options = useOptions<Option>('/api/analyses', { status: ['completed'] });
  return (
    <RecordSelect
      label="segra.analysis.default.label"
      value={current?.id ?? ''}
      options={options}
      testId="default-analysis-picker"
      minWidth={300}
      onChange={(id, o) => setCurrent(o ? { id, name: o.name } : null)}
    />
  );
}

/** Shows `children(analysis)` for the default analysis, or the spec's message and a picker when none is chosen. */
export function DefaultAnalysisGate({ children }: { children: (analysis: DefaultAnalysis) => ReactNode }) {
  const translate = useTranslate();
  const [current] = useDefaultAnalysis();
  return (
    <Box>
      <Flex direction="row" gap={2} alignItems="center" sx={{ mb: 2 }} flexWrap="wrap">
        <DefaultAnalysisPicker />
        {current && <Chip color="primary" variant="outlined" label={`${translate('segra.analysis.default.current')}: ${current.name}`} />}
      </Flex>
      {current ? (
        children(current)
      ) : (
        <Alert severity="warning" data-testid="default-analysis-required">
          {translate('segra.analysis.default.required')}
        </Alert>
      )}
    </Box>
  );
}

