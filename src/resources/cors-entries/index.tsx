import PublicIcon from '@mui/icons-material/Public';
import { Create, Edit, SelectField, SelectInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { STATUS_CHOICES } from '../common/choices.ts';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';

const TITLE = 'segra.screens.customer_cors';

/** IP / allowed-origin settings of the active customer (/app/customer/cors, SuperAdmin only). */
export function CorsEntryList() {
  return (
    <>
      <NeedsCustomer />
      <ListPage title={TITLE}>
        <TextField source="origin" label="segra.fields.origin" />
        <SelectField source="status" label="segra.fields.status" choices={STATUS_CHOICES} />
        <LocaleDateField source="updatedAt" label="segra.fields.updated_at" />
      </ListPage>
    </>
  );
}

const Form = () => (
  <SimpleForm toolbar={<FormToolbar />}>
    <TextInput source="origin" label="segra.fields.origin" helperText="segra.help.origin" validate={required()} fullWidth />
    <SelectInput source="status" label="segra.fields.status" choices={STATUS_CHOICES} defaultValue="active" validate={required()} />
  </SimpleForm>
);

export const CorsEntryCreate = () => (
  <>
    <NeedsCustomer />
    <Create title={TITLE} redirect="list">
      <Form />
    </Create>
  </>
);

export const CorsEntryEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list">
    <Form />
  </Edit>
);

export default {
  list: CorsEntryList,
  create: CorsEntryCreate,
  edit: CorsEntryEdit,
  icon: PublicIcon,
};
