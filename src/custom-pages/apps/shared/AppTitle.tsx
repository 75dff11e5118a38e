import { Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The screen title, in the page and in react-admin's app bar. */
export function AppTitle({ labelKey }: { labelKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(labelKey)} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {translate(labelKey)}
      </Typography>
    </>
  );
}
