import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { Create, Edit, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';

const TITLE = 'segra.screens.user_add_department';

/** Departments (/app/user/add-department). */
export function DepartmentList() {
  return (
    <>
      <NeedsCustomer />
      <ListPage title={TITLE}>
        <TextField source="name" label="segra.fields.name" />
        <LocaleDateField source="createdAt" label="segra.fields.created_at" />
        <LocaleDateField source="updatedAt" label="segra.fields.updated_at" />
      </ListPage>
    </>
  );
}

const Form = () => (
  <SimpleForm toolbar={<FormToolbar />}>
    <TextInput source="name" label="segra.fields.name" validate={required()} fullWidth />
  </SimpleForm>
);

export const DepartmentCreate = () => (
  <>
    <NeedsCustomer />
    <Create title={TITLE} redirect="list">
      <Form />
    </Create>
  </>
);

export const DepartmentEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list">
    <Form />
  </Edit>
);

export default {
  list: DepartmentList,
  create: DepartmentCreate,
  edit: DepartmentEdit,
  icon: AccountTreeIcon,
};
