import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { WARNING_CODES } from '../../../engine/model/data-warnings.ts';

interface ImportWarning {
  code: string;
  table: string;
  count: number;
  examples: string[];
}

function asWarnings(value: unknown): ImportWarning[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (w): w is ImportWarning => typeof w === 'object' && w !== null && typeof (w as ImportWarning).code === 'string',
  );
}

/**
 * Data-quality warnings (DESIGN 4.1a, 4.1b) of a system or risk period's import, or those that
 * applied to an analysis: a button with their number, opening each warning translated, with its
 * table, count and examples.
 */
export function ImportWarnings({ warnings, defaultOpen = false }: { warnings: unknown; defaultOpen?: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(defaultOpen);
  const list = asWarnings(warnings);
  if (list.length === 0) return null;
  const title = (code: string) =>
    (WARNING_CODES as readonly string[]).includes(code)
      ? translate(`segra.analysis.data_quality.codes.${code}`)
      : translate('segra.analysis.data_quality.other', { code });
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        color="warning"
        onClick={() => setOpen((o) => !o)}
        data-testid="import-warnings-toggle"
        aria-expanded={open}
      >
        {translate('segra.analysis.data_quality.show', { count: list.length })}
      </Button>
      {open && (
        <Box component="ul" data-testid="import-warnings" sx={{ m: 0, pl: 2, maxWidth: 480 }}>
          {list.map((w, i) => (
            <li key={`${w.code}-${w.table}-${i}`} data-testid="import-warning">
              <Typography variant="caption" component="div">
                <strong>{title(w.code)}</strong> —{' '}
                {translate('segra.analysis.data_quality.table_count', { table: w.table, count: w.count })}
              </Typography>
              {w.examples.length > 0 && (
                <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
                  {translate('segra.analysis.data_quality.examples', { examples: w.examples.join(', ') })}
                </Typography>
              )}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
