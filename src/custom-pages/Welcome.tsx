import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The landing page (spec: /dashboards/default). */
export function Welcome() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('segra.welcome.title')} />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {translate('segra.welcome.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('segra.welcome.intro')}</Typography>
        <Typography component="pre" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', p: 1 }}>
          npx segra analyze --system DIR --rules DIR
        </Typography>
      </CardContent>
    </Card>
  );
}
