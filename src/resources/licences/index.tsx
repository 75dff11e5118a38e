import VpnKeyIcon from '@mui/icons-material/VpnKey';
import {
  Create,
  FileField,
  FileInput,
  FunctionField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  required,
  type RaRecord,
} from 'react-admin';
import { CONTROL_CHARACTER } from '../../../contracts/control-characters.ts';
import { getActiveCustomer } from '../../providers/customer-scope.ts';
import { ConfirmDelete, FormToolbar } from '../common/FormToolbar.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { RESOURCES } from '../resource-names.ts';

const TITLE = 'segra.screens.license_files';

/** Licence files (/app/licenses/license-files, SuperAdmin only): signed, so never edited. */
export function LicenceList() {
  return (
    <ListPage title={TITLE} rowClick={false} searchable={false}>
      <ReferenceField source="customerId" reference={RESOURCES.customers.name} label="segra.fields.customer" link={false} />
      <FunctionField label="segra.fields.users" render={(r: RaRecord) => r.payload?.users ?? ''} />
      <FunctionField label="segra.fields.expires_on" render={(r: RaRecord) => r.payload?.expiresOn ?? ''} />
      <LocaleDateField source="uploadedAt" label="segra.fields.uploaded_at" />
      <TextField source="uploadedBy" label="segra.fields.uploaded_by" />
      <ConfirmDelete />
    </ListPage>
  );
}

/**
 * A picked file that cannot be a licence because it is binary (a PDF, an image): the API takes no
 * control characters, so it is refused here with the reason the server would give (issue 27).
 */
export async function licenceFileProblem(value?: { rawFile?: File } | null): Promise<string | undefined> {
  const raw = value?.rawFile;
  if (!raw) return undefined;
  return CONTROL_CHARACTER.test(await raw.text()) ? 'segra.errors.code.LICENCE_UNREADABLE' : undefined;
}

/**
 * Reads the chosen licence file for POST /api/licences: `{ customerId, file }`, the file being the
 * JSON `segra licence sign` writes, whatever its name (.lic, .json); a text that is not JSON is
 * sent as it is, and the server says what it is instead (a key, unreadable).
 */
export async function licenceUploadBody(data: { customerId?: string; file?: { rawFile?: File } }) {
  const raw = data.file?.rawFile;
  const text = raw ? await raw.text() : '';
  let file: unknown = text;
  try {
    file = JSON.parse(text);
  } catch {
    // Sent as text: the server answers that the licence file is not valid JSON.
  }
  return { customerId: data.customerId, file };
}

export const LicenceCreate = () => (
  <Create title={TITLE} redirect="list" transform={licenceUploadBody}>
    <SimpleForm toolbar={<FormToolbar canDelete={false} />} defaultValues={{ customerId: getActiveCustomer() ?? undefined }}>
      <ReferenceInput source="customerId" reference={RESOURCES.customers.name}>
        <SelectInput label="segra.fields.customer" optionText="name" validate={required()} />
      </ReferenceInput>
      {/* No `accept` filter: a picker filter drops a .lic in silence; the server names what is wrong with a file. */}
      <FileInput source="file" label="segra.fields.licence_file" validate={[required('segra.errors.code.NO_FILE'), licenceFileProblem]}>
        <FileField source="src" title="title" />
      </FileInput>
    </SimpleForm>
  </Create>
);

export default {
  list: LicenceList,
  create: LicenceCreate,
  icon: VpnKeyIcon,
};
