import { Alert, Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { isDemoMode } from '../../demo/is-demo.ts';
import { currentViewer } from '../../providers/authProvider.ts';
import { getActiveCustomer, subscribeActiveCustomer } from '../../providers/customer-scope.ts';
import { readToken } from '../../providers/token-store.ts';
import { intlLocale } from '../../resources/common/locale.ts';
import { fetchLicenceState } from './licence-state-api.ts';

const UPLOAD_PATH = '/app/licenses/license-files/create';

/**
 * The evaluation banner on every page of the app layout (issue 27): a customer without a licence
 * is evaluated for a number of days with one system; the banner says until when, the days left,
 * and once over that a licence file is needed. A SuperAdmin gets the way to the upload.
 * Asked again on navigation (a system added changes nothing the banner says, but the day may turn).
 */
export function EvaluationBanner() {
  // The demo (no server) has its own banner and no licences.
  return isDemoMode() ? null : <ServerEvaluationBanner />;
}

function ServerEvaluationBanner() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const customer = useSyncExternalStore(subscribeActiveCustomer, getActiveCustomer, () => null);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const key = ['segra', 'licence-state', customer];
  const { data: state, refetch } = useQuery({
    queryKey: key,
    // Not while the session is ending (logout, inactivity): the request would only be refused.
    queryFn: () => (readToken() ? fetchLicenceState() : null),
    // A side note like the bell: a failed request shows nothing and the next page asks again.
    retry: false,
  });
  useEffect(() => {
    // The mount's own request is the query's first one; later navigations ask again.
    if (queryClient.getQueryState(['segra', 'licence-state', getActiveCustomer()])?.dataUpdatedAt) void refetch();
  }, [pathname, queryClient, refetch]);

  if (!state?.evaluation || state.evaluationEndsAt === null) return null;
  const ended = state.daysLeft === 0;
  const date = new Date(state.evaluationEndsAt).toLocaleDateString(intlLocale(locale));
  const text = ended
    ? translate('segra.licences.banner.ended', { date })
    : translate('segra.licences.banner.evaluation', {
        date,
        days: translate('segra.licences.banner.days_left', { smart_count: state.daysLeft ?? 0 }),
        systems: state.systemsAllowed ?? 0,
      });
  return (
    <Alert
      severity={ended ? 'error' : 'warning'}
      role="status"
      data-testid="evaluation-banner"
      sx={{ mb: 2 }}
      action={
        currentViewer()?.role === 'SuperAdmin' ? (
          <Button component={Link} to={UPLOAD_PATH} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {translate('segra.licences.banner.upload')}
          </Button>
        ) : undefined
      }
    >
      {text} {translate('segra.licences.banner.hint')}
    </Alert>
  );
}
