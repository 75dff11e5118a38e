import BusinessIcon from '@mui/icons-material/Business';
import { Create, Edit, SelectField, SelectInput, SimpleForm, TextField, TextInput, email, regex, required } from 'react-admin';
import { STATUS_CHOICES } from '../common/choices.ts';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';

const TITLE = 'segra.screens.customer_add';

/** Spec 5: company admin fields accept English characters only. */
const englishOnly = regex(/^[\x20-\x7E]*$/, 'segra.validation.english_only');

/** Customers (/app/customer/add, SuperAdmin only). */
export function CustomerList() {
  return (
    <ListPage title={TITLE}>
      <TextField source="name" label="segra.fields.name" />
      <TextField source="vkn" label="segra.fields.vkn" />
      <TextField source="contactPerson" label="segra.fields.contact_person" />
      <TextField source="contactNumber" label="segra.fields.contact_number" />
      <TextField source="mail" label="segra.fields.mail" />
      <SelectField source="status" label="segra.fields.status" choices={STATUS_CHOICES} />
      <LocaleDateField source="updatedAt" label="segra.fields.updated_at" />
      <TextField source="modifiedBy" label="segra.fields.modified_by" />
    </ListPage>
  );
}

const Form = () => (
  <SimpleForm toolbar={<FormToolbar />}>
    <TextInput source="name" label="segra.fields.name" validate={required()} fullWidth />
    <TextInput source="vkn" label="segra.fields.vkn" validate={[englishOnly, regex(/^(\d{10,11})?$/, 'segra.validation.vkn')]} />
    <TextInput source="contactPerson" label="segra.fields.contact_person" />
    <TextInput
      source="contactNumber"
      label="segra.fields.contact_number"
      validate={[englishOnly, regex(/^([0-9+ ]{3,30})?$/, 'segra.validation.phone_invalid')]}
    />
    <TextInput source="mail" label="segra.fields.mail" validate={email('segra.validation.email_invalid')} />
    <TextInput source="ip" label="segra.fields.ip" />
    <TextInput source="address" label="segra.fields.address" multiline fullWidth />
    <SelectInput source="status" label="segra.fields.status" choices={STATUS_CHOICES} defaultValue="active" validate={required()} />
  </SimpleForm>
);

export const CustomerCreate = () => (
  <Create title={TITLE} redirect="list">
    <Form />
  </Create>
);

export const CustomerEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list">
    <Form />
  </Edit>
);

export default {
  list: CustomerList,
  create: CustomerCreate,
  edit: CustomerEdit,
  icon: BusinessIcon,
};
