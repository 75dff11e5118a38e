import { DeleteButton, SaveButton, Toolbar, useCanAccess, useRecordContext, useResourceContext } from 'react-admin';

/** Save, and delete after "Are you sure you want to delete?" (spec 8) when allowed. */
export function FormToolbar({ canDelete = true }: { canDelete?: boolean }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource: resource!, action: 'delete', record });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && record && canAccess && <ConfirmDelete />}
    </Toolbar>
  );
}

/** Delete with the spec's confirmation; pessimistic, so nothing is removed before the server agrees. */
export function ConfirmDelete() {
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle="segra.confirm.delete_title"
      confirmContent="segra.confirm.delete"
    />
  );
}
