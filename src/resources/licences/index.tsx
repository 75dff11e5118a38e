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

/** Reads the chosen licence file (JSON) for POST /api/licences: `{ customerId, file }`. */
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
      <FileInput
        source="file"
        label="segra.fields.licence_file"
        accept={{ 'application/json': ['.json'] }}
        validate={required('segra.errors.code.NO_FILE')}
      >
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
