import ShieldIcon from '@mui/icons-material/Shield';
import { useEffect, useState } from 'react';
import {
  Create,
  Edit,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { apiJson } from '../../custom-pages/analysis/api.ts';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';
import { RegisterList } from '../common/RegisterList.tsx';

const TITLE = 'segra.screens.risk_mitigating_controls';
const F = 'segra.mitigations.fields';

export const FREQUENCY_CHOICES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'on-demand'].map((id) => ({
  id,
  name: `segra.mitigations.frequency.${id.replace('-', '_')}`,
}));
export const CONTROL_STATUS_CHOICES = [
  { id: 'active', name: 'segra.mitigations.status.active' },
  { id: 'inactive', name: 'segra.mitigations.status.inactive' },
];

/** Mitigating controls (/app/risk/mitigating-controls, DESIGN 5.16): the customer's control register. */
export function MitigatingControlList() {
  return (
    <>
      <NeedsCustomer />
      <RegisterList
        title={TITLE}
        api="mitigating-controls"
        summary={(a, translate) => translate('segra.mitigations.files.controls_imported', { created: a.created ?? 0, updated: a.updated ?? 0 })}
      >
        <TextField source="controlId" label={`${F}.control_id`} />
        <TextField source="description" label={`${F}.description`} />
        <TextField source="businessProcess" label={`${F}.business_process`} />
        <TextField source="ownerName" label={`${F}.owner`} emptyText="—" />
        <TextField source="monitorName" label={`${F}.monitor`} emptyText="—" />
        <SelectField source="frequency" label={`${F}.frequency`} choices={FREQUENCY_CHOICES} />
        <SelectField source="status" label={`${F}.status`} choices={CONTROL_STATUS_CHOICES} />
        <LocaleDateField source="updatedAt" label={`${F}.updated_at`} />
      </RegisterList>
    </>
  );
}

/** The customer's app users, to choose an owner and a monitor (readable with this page alone). */
function usePeople(): { id: string; name: string }[] {
  const [people, setPeople] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    apiJson<{ id: string; name: string }[]>('/api/mitigating-controls/people')
      .then((rows) => live && setPeople(rows))
      .catch(() => live && setPeople([]));
    return () => {
      live = false;
    };
  }, []);
  return people;
}

function Form() {
  const people = usePeople();
  return (
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="controlId" label={`${F}.control_id`} validate={required()} />
      <TextInput source="description" label={`${F}.description`} multiline fullWidth />
      <TextInput source="businessProcess" label={`${F}.business_process`} />
      <SelectInput source="ownerId" label={`${F}.owner`} choices={people} emptyText="—" translateChoice={false} />
      <SelectInput source="monitorId" label={`${F}.monitor`} choices={people} emptyText="—" translateChoice={false} />
      <SelectInput source="frequency" label={`${F}.frequency`} choices={FREQUENCY_CHOICES} defaultValue="monthly" validate={required()} />
      <SelectInput source="status" label={`${F}.status`} choices={CONTROL_STATUS_CHOICES} defaultValue="active" validate={required()} />
    </SimpleForm>
  );
}

export const MitigatingControlCreate = () => (
  <>
    <NeedsCustomer />
    <Create title={TITLE} redirect="list">
      <Form />
    </Create>
  </>
);

export const MitigatingControlEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list">
    <Form />
  </Edit>
);

export const MitigatingControlShow = () => (
  <Show title={TITLE}>
    <SimpleShowLayout>
      <TextField source="controlId" label={`${F}.control_id`} />
      <TextField source="description" label={`${F}.description`} />
      <TextField source="businessProcess" label={`${F}.business_process`} />
      <TextField source="ownerName" label={`${F}.owner`} emptyText="—" />
      <TextField source="monitorName" label={`${F}.monitor`} emptyText="—" />
      <SelectField source="frequency" label={`${F}.frequency`} choices={FREQUENCY_CHOICES} />
      <SelectField source="status" label={`${F}.status`} choices={CONTROL_STATUS_CHOICES} />
      <TextField source="createdBy" label={`${F}.created_by`} />
      <LocaleDateField source="createdAt" label={`${F}.created_at`} />
      <TextField source="updatedBy" label={`${F}.updated_by`} />
      <LocaleDateField source="updatedAt" label={`${F}.updated_at`} />
    </SimpleShowLayout>
  </Show>
);

export default {
  list: MitigatingControlList,
  create: MitigatingControlCreate,
  edit: MitigatingControlEdit,
  show: MitigatingControlShow,
  icon: ShieldIcon,
};
