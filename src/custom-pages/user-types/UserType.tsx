import { Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UNKNOWN_USER_TYPE, USER_TYPE_CHOICES, userTypeKey } from '../../../contracts/user-types.ts';
import { UNKNOWN_IN_URL } from './user-type-url.ts';

/** The SAP user type (USR02-USTYP) wherever users are listed, and the choices that filter by it (issue 27 item 6). */

/**
 * A user's type by name (the SAP letter on hover, or beside it with `withCode`, where the list
 * shows SAP's values as they are); a dash where there is no user (a role or profile).
 */
export function UserTypeText({ type, withCode = false }: { type: string | null | undefined; withCode?: boolean }) {
  const translate = useTranslate();
  if (type === null || type === undefined) return <>—</>;
  const name = translate(userTypeKey(type));
  return (
    <span title={type ? `USTYP ${type}` : undefined} data-testid="user-type">
      {withCode && type ? `${type} (${name})` : name}
    </span>
  );
}

/** The choices of a user-type filter, SAP's types then the unknown one, as `value` (URL) and label. */
export function useUserTypeOptions(): { value: string; label: string }[] {
  const translate = useTranslate();
  return USER_TYPE_CHOICES.map((t) => ({ value: t === UNKNOWN_USER_TYPE ? UNKNOWN_IN_URL : t, label: translate(userTypeKey(t)) }));
}

/**
 * Several user types at once (the dashboard's top 10): the chosen names stay visible in the
 * field, e.g. "User type: Dialog". Values are the API's ('' unknown); at least one stays chosen.
 */
export function UserTypesSelect({ value, onChange, testId }: { value: readonly string[]; onChange: (types: string[]) => void; testId?: string }) {
  const translate = useTranslate();
  const name = (t: string) => translate(userTypeKey(t));
  return (
    <TextField
      select
      size="small"
      label={translate('segra.user_type.label')}
      value={value}
      sx={{ minWidth: 200 }}
      data-testid={testId}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (chosen) => (chosen as string[]).map(name).join(', '),
        },
      }}
      onChange={(e) => {
        const next = e.target.value as unknown as string[];
        if (next.length > 0) onChange(USER_TYPE_CHOICES.filter((t) => next.includes(t)));
      }}
    >
      {USER_TYPE_CHOICES.map((t) => (
        <MenuItem key={t || UNKNOWN_IN_URL} value={t} data-testid={`user-type-option-${t || UNKNOWN_IN_URL}`}>
          <Checkbox size="small" checked={value.includes(t)} sx={{ p: 0, mr: 1 }} />
          <ListItemText primary={name(t)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
