import { Alert, Box, Chip } from '@mui/material';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { errorKey, type ApiErrorBody } from '../../providers/api-errors.ts';
import { useActiveCustomer } from '../../custom-pages/analysis/components.tsx';
import { defaultAnalysisState, loadDefaultAnalysis, saveDefaultAnalysis, subscribeDefaultAnalysis, type DefaultAnalysis } from './default-analysis-store.ts';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { RecordSelect, useChoices, type Option } from '../../custom-pages/analysis/RecordSelect.tsx';
import { RESOURCES } from '../resource-names.ts';

export type { DefaultAnalysis } from './default-analysis-store.ts';

/**
 * The default analysis of the active customer, read from the server (one per customer, the
 * same for all its users), and a setter that reports success or the server's refusal.
 */
export function useDefaultAnalysis(): [DefaultAnalysis | null, (a: { id: string; name: string } | null) => Promise<boolean>] {
  const key = useActiveCustomer() ?? '';
  const state = useSyncExternalStore(subscribeDefaultAnalysis, defaultAnalysisState, defaultAnalysisState);
  const dataProvider = useSegraDataProvider();
  useEffect(() => {
    void loadDefaultAnalysis(key, dataProvider);
  }, [key, dataProvider]);
  const notify = useNotify();
  const set = useCallback(
    async (a: { id: string; name: string } | null): Promise<boolean> => {
      try {
        await saveDefaultAnalysis(key, a?.id ?? null, dataProvider);
        return true;
      } catch (e) {
        const err = e as { status?: number; body?: ApiErrorBody };
        notify(errorKey(err.status, err.body), { type: 'error' });
        return false;
      }
    },
    [key, notify, dataProvider],
  );
  return [state.key === key ? state.value : null, set];
}

/** A picker of completed analyses that sets the default analysis. */
export function DefaultAnalysisPicker() {
  const [current, setCurrent] = useDefaultAnalysis();
  const options = useChoices<Option>(RESOURCES.analyses.name, { field: 'createdAt', order: 'DESC' }, { status: ['completed'] });
  return (
    <RecordSelect
      label="segra.analysis.default.label"
      value={current?.id ?? ''}
      options={options}
      testId="default-analysis-picker"
      minWidth={300}
      onChange={(id, o) => void setCurrent(o ? { id, name: o.name } : null)}
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

