import GroupsIcon from '@mui/icons-material/Groups';
import {
  Create,
  Edit,
  FunctionField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  type RaRecord,
} from 'react-admin';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { ListPage } from '../common/ListPage.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';
import { AddGroupPage } from './AddGroupPage.tsx';
import { normalisePage, type GroupPage } from './group-pages.ts';
import { GroupPagesMatrix } from './GroupPagesMatrix.tsx';
import { SystemField, SystemInput } from '../systems/SystemInput.tsx';
import { RESOURCES } from '../resource-names.ts';

const TITLE = 'segra.screens.user_add_group';

/** Groups and their page permissions (/app/user/add-group). */
export function GroupList() {
  return (
    <>
      <NeedsCustomer />
      <ListPage title={TITLE}>
        <TextField source="name" label="segra.fields.name" />
        <ReferenceField source="departmentId" reference={RESOURCES.departments.name} label="segra.fields.department" link={false} />
        <SystemField source="systemId" label="segra.fields.system" />
        <FunctionField label="segra.fields.pages" render={(r: RaRecord) => (r.pages as GroupPage[] | undefined)?.length ?? 0} />
      </ListPage>
    </>
  );
}


const Fields = () => (
  <>
    <TextInput source="name" label="segra.fields.name" validate={required()} />
    <ReferenceInput source="departmentId" reference={RESOURCES.departments.name}>
      <SelectInput label="segra.fields.department" optionText="name" emptyText="segra.fields.none" />
    </ReferenceInput>
    <SystemInput />
    {/* Each page: add, update, delete, only view (spec 4), as one matrix saved with the form. */}
    <GroupPagesMatrix />
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

export default {
  list: GroupList,
  create: GroupCreate,
  edit: GroupEdit,
  icon: GroupsIcon,
};
