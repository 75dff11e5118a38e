import PersonIcon from '@mui/icons-material/Person';
import {
  Create,
  Edit,
  PasswordInput,
  ReferenceField,
  ReferenceInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  email,
  minLength,
  required,
} from 'react-admin';
import { MIN_PASSWORD_LENGTH } from '../../custom-pages/auth/login-validation.ts';
import { STATUS_CHOICES } from '../common/choices.ts';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';
import { RESOURCES } from '../resource-names.ts';
import { SystemField, SystemInput } from '../systems/SystemInput.tsx';

const TITLE = 'segra.screens.user_add';

/** SuperAdmin is never created or granted through the API. */
const ROLE_CHOICES = [
  { id: 'Admin', name: 'segra.roles.Admin' },
  { id: 'User', name: 'segra.roles.User' },
];
const ALL_ROLES = [...ROLE_CHOICES, { id: 'SuperAdmin', name: 'segra.roles.SuperAdmin' }];

/** Users of the active customer (/app/user/add). */
export function AppUserList() {
  return (
    <>
      <NeedsCustomer />
      <ListPage title={TITLE}>
        <TextField source="username" label="segra.fields.username" />
        <TextField source="fullName" label="segra.fields.full_name" />
        <TextField source="email" label="segra.fields.email" />
        <SelectField source="role" label="segra.fields.role" choices={ALL_ROLES} />
        <SelectField source="status" label="segra.fields.status" choices={STATUS_CHOICES} />
        <ReferenceField source="departmentId" reference={RESOURCES.departments.name} label="segra.fields.department" link={false} />
        <ReferenceField source="groupId" reference={RESOURCES.groups.name} label="segra.fields.group" link={false} />
        <SystemField source="systemId" label="segra.fields.system" />
      </ListPage>
    </>
  );
}

const passwordRules = (create: boolean) => [
  ...(create ? [required('segra.validation.password_required')] : []),
  minLength(MIN_PASSWORD_LENGTH, 'segra.validation.password_min'),
];

const Form = ({ create }: { create: boolean }) => (
  <SimpleForm toolbar={<FormToolbar />}>
    <TextInput source="username" label="segra.fields.username" validate={required()} />
    <TextInput source="fullName" label="segra.fields.full_name" />
    <TextInput source="email" label="segra.fields.email" validate={[required('segra.validation.email_required'), email('segra.validation.email_invalid')]} />
    <PasswordInput source="password" label="segra.fields.password" validate={passwordRules(create)} helperText={create ? false : 'segra.help.password_keep'} />
    <ReferenceInput source="departmentId" reference={RESOURCES.departments.name}>
      <SelectInput label="segra.fields.department" optionText="name" emptyText="segra.fields.none" />
    </ReferenceInput>
    <ReferenceInput source="groupId" reference={RESOURCES.groups.name}>
      <SelectInput label="segra.fields.group" optionText="name" emptyText="segra.fields.none" />
    </ReferenceInput>
    <SystemInput />
    <SelectInput source="role" label="segra.fields.role" choices={ROLE_CHOICES} defaultValue="User" validate={required()} />
    <SelectInput source="status" label="segra.fields.status" choices={STATUS_CHOICES} defaultValue="active" validate={required()} />
  </SimpleForm>
);

export const AppUserCreate = () => (
  <>
    <NeedsCustomer />
    <Create title={TITLE} redirect="list">
      <Form create />
    </Create>
  </>
);

export const AppUserEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list">
    <Form create={false} />
  </Edit>
);

export default {
  list: AppUserList,
  create: AppUserCreate,
  edit: AppUserEdit,
  icon: PersonIcon,
};
