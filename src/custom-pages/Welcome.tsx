import { Card, CardContent, Typography } from '@mui/material';
import { Suspense } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { LazyTopRiskUsers } from './analysis/screens.tsx';

/** The landing page (spec: /dashboards/default): what Segra does, and the top 10 high-risk users. */
export function Welcome() {
  const translate = useTranslate();
  return (
    <>
      <Card sx={{ mt: 2 }}>
        <Title title={translate('segra.welcome.title')} />
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('segra.welcome.title')}
          </Typography>
          <Typography>{translate('segra.welcome.intro')}</Typography>
        </CardContent>
      </Card>
      <Suspense fallback={<Loading />}>
        <LazyTopRiskUsers />
      </Suspense>
    </>
  );
}
