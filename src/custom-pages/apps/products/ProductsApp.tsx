import { Alert, Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Product } from '../../../demo/apps-mock/types.ts';
import { AppTitle } from '../shared/AppTitle.tsx';
import { getDemo } from '../shared/demo-api.ts';
import { valueLabel } from '../shared/labels.ts';
import { SearchField } from '../shared/SearchField.tsx';

/** Products: a searchable catalogue over GET /apps/products?term=… */
export function ProductsApp() {
  const translate = useTranslate();
  const [term, setTerm] = useState('');
  const [products, setProducts] = useState<Product[] | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    getDemo<Product[]>('/apps/products', { term })
      .then((p) => live && (setProducts(p), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [term]);

  return (
    <Box>
      <AppTitle labelKey="segra.apps.menu.products" />
      <Box sx={{ mb: 2 }}>
        <SearchField value={term} onChange={setTerm} />
      </Box>
      {failed && <Alert severity="error">{translate('segra.apps.common.load_failed')}</Alert>}
      {products && products.length === 0 && <Typography>{translate('segra.apps.common.no_data')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {products?.map((p) => (
          <Card key={p.id} component="article" aria-label={p.name}>
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Typography variant="h6" component="h2">
                  {p.name}
                </Typography>
                {p.tag && <Chip size="small" color="secondary" label={valueLabel(translate, 'row_tag', p.tag)} />}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {p.description}
              </Typography>
              <Chip size="small" variant="outlined" label={valueLabel(translate, 'bread', p.category)} sx={{ mb: 1 }} />
              <Typography variant="body2">
                {translate('segra.apps.products.sales')}: {p.sales} · {translate('segra.apps.products.stock')}:{' '}
                {p.stock}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('segra.apps.products.date')}: {p.date}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
