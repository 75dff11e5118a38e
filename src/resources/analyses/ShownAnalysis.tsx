import { Alert, Box, Button, Chip, LinearProgress } from '@mui/material';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ShownAnalysis, ShownSource } from '../../../contracts/analysis-shown.ts';
import { errorText } from '../../custom-pages/analysis/api.ts';
import { useActiveCustomer, useApiError } from '../../custom-pages/analysis/components.tsx';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { RecordSelect, useChoices, type Option } from '../../custom-pages/analysis/RecordSelect.tsx';
import { canAccessResource, currentClaims, currentViewer } from '../../providers/authProvider.ts';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { RESOURCES } from '../resource-names.ts';
import { chooseShownAnalysis, loadShownAnalysis, setCustomerDefault, shownAnalysisKey, shownAnalysisState, subscribeShownAnalysis } from './shown-analysis-store.ts';

/** The analysis the report screens show, and why (null: none chosen). */
export type Shown = NonNullable<ShownAnalysis['shown']>;

export interface ShownAnalysisHandle {
  /** The server's answer for this user and customer; null until read, or when it could not be. */
  answer: ShownAnalysis | null;
  loaded: boolean;
  error: unknown;
  /** Sets (null: clears) the user's own choice; false when the server refused (the user is told why). */
  choose(analysisId: string | null): Promise<boolean>;
  /** Sets (null: clears) the customer's default, for whom the analysis requests page allows it. */
  setCustomerDefault(analysisId: string | null): Promise<boolean>;
  /** Reads it again (after a change elsewhere, such as an analysis deleted). */
  reload(): Promise<void>;
}

/**
 * The analysis shown to this user in the active customer (issue 27; contracts/analysis-shown.ts):
 * one answer of the server, kept in one store, so the home page, the list and the dashboard
 * agree. Read afresh when a screen showing it opens.
 */
export function useShownAnalysis(): ShownAnalysisHandle {
  // A choice is the user's own: another login in this tab must not see the last one's.
  const key = shownAnalysisKey(currentClaims()?.sub ?? '', useActiveCustomer() ?? '');
  const state = useSyncExternalStore(subscribeShownAnalysis, shownAnalysisState, shownAnalysisState);
  const dataProvider = useSegraDataProvider();
  const apiError = useApiError();
  const reload = useCallback(() => loadShownAnalysis(key, dataProvider), [key, dataProvider]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const attempt = useCallback(
    async (action: () => Promise<void>, contextKey: string): Promise<boolean> => {
      try {
        await action();
        return true;
      } catch (e) {
        apiError(e, contextKey);
        return false;
      }
    },
    [apiError],
  );
  const choose = useCallback(
    (analysisId: string | null) => attempt(() => chooseShownAnalysis(key, analysisId, dataProvider), 'segra.analysis.shown.choose_failed'),
    [attempt, key, dataProvider],
  );
  const setDefault = useCallback(
    (analysisId: string | null) => attempt(() => setCustomerDefault(key, analysisId, dataProvider), 'segra.analysis.shown.default_failed'),
    [attempt, key, dataProvider],
  );
  const mine = state.key === key;
  return { answer: mine ? state.value : null, loaded: mine && state.loaded, error: mine ? state.error : null, choose, setCustomerDefault: setDefault, reload };
}

const SOURCE_KEYS: Record<ShownSource, string> = { own: 'segra.analysis.shown.source_own', 'customer-default': 'segra.analysis.shown.source_default' };

/** "Analysis shown: name · your choice" (or "· the customer's default"). */
export function ShownAnalysisChip({ shown }: { shown: Shown }) {
  const translate = useTranslate();
  return (
    <Chip
      data-testid="shown-analysis"
      color="primary"
      variant="outlined"
      label={`${translate('segra.analysis.shown.label')}: ${shown.name} · ${translate(SOURCE_KEYS[shown.source])}`}
    />
  );
}

/** Whether the viewer may set the customer's default: the analysis requests page's update flag, as the API asks. */
export function maySetCustomerDefault(): boolean {
  return canAccessResource(currentViewer(), '/app/reports/analyze-request', 'update');
}

/**
 * The choice of the analysis shown: the user's own pick of a completed analysis, the way back to
 * the customer's default, and, for whom it is allowed, making the analysis shown the customer's
 * default (a separate action: it changes what every user of the customer sees).
 */
export function ShownAnalysisBar({ handle }: { handle: ShownAnalysisHandle }) {
  const translate = useTranslate();
  const notify = useNotify();
  const options = useChoices<Option>(RESOURCES.analyses.name, { field: 'createdAt', order: 'DESC' }, { status: ['completed'] });
  const { answer, choose, setCustomerDefault: setDefault } = handle;
  const shown = answer?.shown ?? null;
  const customerDefault = answer?.customerDefault ?? null;
  return (
    <Flex direction="row" gap={2} alignItems="center" sx={{ mb: 2 }} flexWrap="wrap">
      <RecordSelect
        label="segra.analysis.shown.label"
        value={shown?.analysisId ?? ''}
        options={options}
        testId="shown-analysis-picker"
        minWidth={300}
        onChange={(id) => void choose(id || null)}
      />
      {shown && <ShownAnalysisChip shown={shown} />}
      {answer?.own && customerDefault && customerDefault.analysisId !== answer.own.analysisId && (
        <Button size="small" onClick={() => void choose(null)}>
          {translate('segra.analysis.shown.back_to_default')}
        </Button>
      )}
      {shown && customerDefault?.analysisId !== shown.analysisId && maySetCustomerDefault() && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => void setDefault(shown.analysisId).then((done) => done && notify('segra.analysis.default.set_done', { type: 'info' }))}
        >
          {translate('segra.analysis.shown.make_default')}
        </Button>
      )}
    </Flex>
  );
}

/** Shows `children(shown)` for the analysis shown, or the spec's message and how to choose one when none is. */
export function ShownAnalysisGate({ children }: { children: (shown: Shown) => ReactNode }) {
  const translate = useTranslate();
  const handle = useShownAnalysis();
  const shown = handle.answer?.shown ?? null;
  return (
    <Box>
      <ShownAnalysisBar handle={handle} />
      {!handle.loaded ? (
        <LinearProgress />
      ) : handle.error ? (
        <Alert severity="error">{errorText(handle.error, translate, 'segra.analysis.shown.load_failed')}</Alert>
      ) : shown ? (
        children(shown)
      ) : (
        <Alert severity="warning" data-testid="shown-analysis-required">
          <div>{translate('segra.analysis.default.required')}</div>
          <div>{translate('segra.analysis.shown.how')}</div>
        </Alert>
      )}
    </Box>
  );
}
