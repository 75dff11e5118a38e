import { ReferenceField, ReferenceInput, SelectInput, useRecordContext, type RaRecord } from 'react-admin';
import { RESOURCES } from '../resource-names.ts';

/** A system as people know it: SID and installation number (never the raw id). */
export const systemLabel = (r: RaRecord): string => [r.sid, r.installationNumber ? `(${String(r.installationNumber)})` : ''].filter(Boolean).join(' ');

/** The system of a record as a picker of the customer's systems (issue 15 item 9). */
export const SystemInput = ({ source = 'systemId' }: { source?: string }) => (
  <ReferenceInput source={source} reference={RESOURCES.systems.name} sort={{ field: 'sid', order: 'ASC' }}>
    <SelectInput label="segra.fields.system" optionText={systemLabel} emptyText="segra.fields.none" sx={{ minWidth: 260 }} />
  </ReferenceInput>
);

/** The system of a record in a list, by its SID. */
export const SystemField = ({ source = 'systemId' }: { source?: string; label?: string }) => (
  <ReferenceField source={source} reference={RESOURCES.systems.name} link={false} emptyText="—">
    <SystemSid />
  </ReferenceField>
);

function SystemSid() {
  const record = useRecordContext();
  return <span>{record ? systemLabel(record) : ''}</span>;
}
