import { DateField, NumberField, useLocaleState, type DateFieldProps, type NumberFieldProps } from 'react-admin';
import { intlLocale } from './locale.ts';

/** A date (and time) in the active language's format. */
export function LocaleDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField showTime locales={intlLocale(locale)} {...props} />;
}

/** A number in the active language's format. */
export function LocaleNumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <NumberField locales={intlLocale(locale)} {...props} />;
}
