import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { deDE, enUS, trTR } from '@mui/material/locale';
import { useMemo, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';

/** MUI's own texts (table paging "1–25 / 1.366", its arrows' labels, "Seçenek yok", …) per language. */
export const MUI_LOCALES = { tr: trTR, en: enUS, de: deDE } as const;

/**
 * Gives the MUI components inside the UI's language (issue 15 item 7): the theme of the app
 * with MUI's locale pack of the chosen language, so a table's paging never says "of" in the
 * Turkish or German screens.
 */
export function LocalizedMui({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const outer = useTheme();
  const theme = useMemo(() => createTheme(outer, MUI_LOCALES[locale as keyof typeof MUI_LOCALES] ?? trTR), [outer, locale]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
