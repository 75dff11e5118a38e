import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The demo search box; the mock ignores terms of one character (spec section 5). */
export function SearchField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField
      size="small"
      fullWidth={false}
      sx={{ minWidth: 260 }}
      type="search"
      label={translate('segra.apps.common.search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
