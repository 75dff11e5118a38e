import DnsIcon from '@mui/icons-material/Dns';
import { Create, Edit, SimpleForm, TextField, TextInput, regex, required } from 'react-admin';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';
import { UserMapPanel } from './UserMapPanel.tsx';

const TITLE = 'segra.screens.system_default';

/** System creation (/app/system/default): a new system must be covered by a valid licence; below, the customer's user mapping (issue 32). */
export function SystemList() {
  return (
    <>
      <NeedsCustomer />
      <ListPage title={TITLE}>
        <TextField source="sid" label="segra.fields.sid" />
        <TextField source="sapVersion" label="segra.fields.sap_version" />
        <TextField source="hwKey" label="segra.fields.hw_key" />
        <TextField source="installationNumber" label="segra.fields.installation_number" />
        <TextField source="systemNumber" label="segra.fields.system_number" />
        <LocaleDateField source="createdAt" label="segra.fields.created_at" />
      </ListPage>
      <UserMapPanel />
    </>
  );
}

const sid = [required(), regex(/^[A-Za-z][A-Za-z0-9]{2}$/, 'segra.validation.sid')];
const systemNumber = [required(), regex(/^\d{2}$/, 'segra.validation.system_number')];

export const SystemCreate = () => (
  <>
    <NeedsCustomer />
    <Create title={TITLE} redirect="list">
      <SimpleForm toolbar={<FormToolbar canDelete={false} />}>
        <TextInput source="sid" label="segra.fields.sid" validate={sid} />
        <TextInput source="sapVersion" label="segra.fields.sap_version" validate={required()} />
        <TextInput source="hwKey" label="segra.fields.hw_key" validate={required()} />
        <TextInput
          source="installationNumber"
          label="segra.fields.installation_number"
          validate={[required(), regex(/^\d{10}$/, 'segra.validation.installation_number')]}
        />
        <TextInput source="systemNumber" label="segra.fields.system_number" validate={systemNumber} />
        <TextInput source="licenceKey" label="segra.fields.licence_key" />
      </SimpleForm>
    </Create>
  </>
);

/** The installation number and hardware key are the system's licensed identity: fixed after create. */
export const SystemEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="sid" label="segra.fields.sid" validate={sid} />
      <TextInput source="sapVersion" label="segra.fields.sap_version" validate={required()} />
      <TextInput source="hwKey" label="segra.fields.hw_key" disabled />
      <TextInput source="installationNumber" label="segra.fields.installation_number" disabled />
      <TextInput source="systemNumber" label="segra.fields.system_number" validate={systemNumber} />
      <TextInput source="licenceKey" label="segra.fields.licence_key" />
    </SimpleForm>
  </Edit>
);

export default {
  list: SystemList,
  create: SystemCreate,
  edit: SystemEdit,
  icon: DnsIcon,
};
