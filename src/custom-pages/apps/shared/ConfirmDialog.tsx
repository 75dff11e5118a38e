import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Spec section 8: confirmation dialogs ask before deleting. */
export function ConfirmDeleteDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel}>
      <DialogContent>
        <DialogContentText>{translate('segra.apps.common.confirm_delete')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('segra.apps.common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {translate('segra.apps.common.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
