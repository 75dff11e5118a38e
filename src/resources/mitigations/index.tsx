import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import {
  Create,
  DateField,
  DateInput,
  Edit,
  ReferenceInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { FormToolbar } from '../common/FormToolbar.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';
import { RESOURCES } from '../resource-names.ts';
import { RegisterList } from '../common/RegisterList.tsx';
import { MitigationReports } from './MitigationReports.tsx';

const TITLE = 'segra.screens.risk_mitigations';
const F = 'segra.mitigations.fields';

export const LEVEL_CHOICES = [
  { id: 'USER', name: 'segra.mitigations.level.USER' },
  { id: 'ROLE', name: 'segra.mitigations.level.ROLE' },
];

/** Mitigations (/app/risk/mitigations, DESIGN 5.16): a control assigned to a risk for a user or a role, with the reports below. */
export function MitigationList() {
  return (
    <>
      <NeedsCustomer />
      <RegisterList
        title={TITLE}
        api="mitigations"
        summary={(a, translate) =>
          [
            translate('segra.mitigations.files.mitigations_imported', { created: a.created ?? 0, skipped: a.skipped ?? 0 }),
            ...(Array.isArray(a.unknownRisks) && a.unknownRisks.length > 0
              ? [translate('segra.mitigations.files.unknown_risks', { risks: a.unknownRisks.join(', ') })]
              : []),
            // What the reading left out, as the import's warnings (NOT_APPROVED, IGNORED_COLUMNS …).
            ...(Array.isArray(a.warnings)
              ? (a.warnings as Array<{ code: string; count: number }>).map((w) =>
                  translate('segra.mitigations.files.warning', { text: translate(`segra.analysis.data_quality.codes.${w.code}`), count: w.count }),
                )
              : []),
          ].join(' — ')
        }
      >
        <TextField source="controlId" label={`${F}.control_id`} />
        <TextField source="riskId" label={`${F}.risk`} />
        <SelectField source="level" label={`${F}.level`} choices={LEVEL_CHOICES} />
        <TextField source="holder" label={`${F}.holder`} />
        <DateField source="validFrom" label={`${F}.valid_from`} emptyText="—" />
        <DateField source="validTo" label={`${F}.valid_to`} emptyText="—" />
        <TextField source="reason" label={`${F}.reason`} />
        <TextField source="updatedBy" label={`${F}.updated_by`} />
        <LocaleDateField source="updatedAt" label={`${F}.updated_at`} />
      </RegisterList>
      <MitigationReports />
    </>
  );
}

const Form = () => (
  <SimpleForm toolbar={<FormToolbar />}>
    <ReferenceInput source="mitigatingControlId" reference={RESOURCES.mitigatingControls.name} sort={{ field: 'controlId', order: 'ASC' }}>
      <SelectInput label={`${F}.control`} optionText="controlId" validate={required()} />
    </ReferenceInput>
    <TextInput source="riskId" label={`${F}.risk`} validate={required()} />
    <SelectInput source="level" label={`${F}.level`} choices={LEVEL_CHOICES} defaultValue="USER" validate={required()} />
    <TextInput source="holder" label={`${F}.holder`} validate={required()} />
    <DateInput source="validFrom" label={`${F}.valid_from`} />
    <DateInput source="validTo" label={`${F}.valid_to`} />
    <TextInput source="reason" label={`${F}.reason`} multiline fullWidth />
  </SimpleForm>
);

export const MitigationCreate = () => (
  <>
    <NeedsCustomer />
    <Create title={TITLE} redirect="list">
      <Form />
    </Create>
  </>
);

export const MitigationEdit = () => (
  <Edit title={TITLE} mutationMode="pessimistic" redirect="list">
    <Form />
  </Edit>
);

export const MitigationShow = () => (
  <Show title={TITLE}>
    <SimpleShowLayout>
      <TextField source="controlId" label={`${F}.control_id`} />
      <TextField source="riskId" label={`${F}.risk`} />
      <SelectField source="level" label={`${F}.level`} choices={LEVEL_CHOICES} />
      <TextField source="holder" label={`${F}.holder`} />
      <DateField source="validFrom" label={`${F}.valid_from`} emptyText="—" />
      <DateField source="validTo" label={`${F}.valid_to`} emptyText="—" />
      <TextField source="reason" label={`${F}.reason`} />
      <TextField source="createdBy" label={`${F}.created_by`} />
      <LocaleDateField source="createdAt" label={`${F}.created_at`} />
      <TextField source="updatedBy" label={`${F}.updated_by`} />
      <LocaleDateField source="updatedAt" label={`${F}.updated_at`} />
    </SimpleShowLayout>
  </Show>
);

export default {
  list: MitigationList,
  create: MitigationCreate,
  edit: MitigationEdit,
  show: MitigationShow,
  icon: VerifiedUserIcon,
};
