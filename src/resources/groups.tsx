import {
  ArrayInput,
  BooleanInput,
  Create,
  Edit,
  FunctionField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
  type RaRecord,
} from 'react-admin';
import { FormToolbar } from './common/FormToolbar.tsx';
import { ListPage } from './common/ListPage.tsx';
import { NeedsCustomer } from './common/NeedsCustomer.tsx';
import { AddGroupPage } from './AddGroupPage.tsx';
import { GRANTABLE_PAGES, normalisePage, type GroupPage } from './group-pages.ts';
import { RESOURCES } from './resource-names.ts';

const TITLE = 'segra.screens.user_add_group';

/** Groups and their page permissions (/app/user/add-group). */
export function GroupList() {
  return (
    <>
      <NeedsCustomer />
      <ListPage title={TITLE}>
        <TextField source="name" label="segra.fields.name" />
        <ReferenceField source="departmentId" reference={RESOURCES.departments.name} label="segra.fields.department" link={false} />
        <TextField source="systemId" label="segra.fields.system" />
        <FunctionField label="segra.fields.pages" render={(r: RaRecord) => (r.pages as GroupPage[] | undefined)?.length ?? 0} />
      </ListPage>
    </>
  );
}

/** Each page: add, update, delete, only view (spec 4). */
const PagesInput = () => (
  <ArrayInput source="pages" label="segra.fields.pages">
    <SimpleFormIterator inline disableReordering>
      <SelectInput source="page" label="segra.fields.page" choices={GRANTABLE_PAGES} validate={required()} />
      <BooleanInput source="add" label="segra.permissions.add" />
      <BooleanInput source="update" label="segra.permissions.update" />
      <BooleanInput source="delete" label="segra.permissions.delete" />
      <BooleanInput source="view" label="segra.permissions.view" />
    </SimpleFormIterator>
  </ArrayInput>
);

const Fields = () => (
  <>
    <TextInput source="name" label="segra.fields.name" validate={required()} />
    <ReferenceInput source="departmentId" reference={RESOURCES.departments.name}>
      <SelectInput label="segra.fields.department" optionText="name" emptyText="segra.fields.none" />
    </ReferenceInput>
    <TextInput source="systemId" label="segra.fields.system" />
    <PagesInput />
  </>
);

/** The API replaces the page list on save; unset flags are sent as false. */
const transform = (data: RaRecord) => ({ ...data, pages: ((data.pages ?? []) as Partial<GroupPage>[]).map(normalisePage) });

export const GroupCreate = () => (
  <>
    <NeedsCustomer />
    <Create title={TITLE} redirect="edit" transform={transform}>
      <SimpleForm toolbar={<FormToolbar />}>
        <Fields />
      </SimpleForm>
    </Create>
  </>
);

export const GroupEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list" transform={transform} aside={<AddGroupPage />}>
    <SimpleForm toolbar={<FormToolbar />}>
      <Fields />
    </SimpleForm>
  </Edit>
);
