import { Card, CardContent, Typography } from '@mui/material';
import { Suspense } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { currentViewer } from '../providers/authProvider.ts';
import { decide } from '../routes/access.ts';
import { LazyTopRiskUsers } from './analysis/screens.tsx';

/**
 * The top users are the reports dashboard's, of the analysis shown (issue 27), which the
 * dashboard's read permission covers (server/auth/page-reads.ts): for who may open the dashboard.
 */
const mayReadTopUsers = (): boolean => decide('/app/reports/dashboard', currentViewer()) === 'allow';

/** The landing page (spec: /dashboards/default): what Segra does, and the top 10 high-risk users. */
export function Welcome() {
  const translate = useTranslate();
  return (
    <>
      <Card sx={{ mt: 2 }}>
        <Title title={translate('segra.welcome.title')} />
        <CardContent>
          <Typography variant="h5" gutterBottom>
            {translate('segra.welcome.title')}
          </Typography>
          <Typography>{translate('segra.welcome.intro')}</Typography>
        </CardContent>
      </Card>
      {mayReadTopUsers() && (
        <Suspense fallback={<Loading />}>
          <LazyTopRiskUsers />
        </Suspense>
      )}
    </>
  );
}
