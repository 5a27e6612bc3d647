// Dialogs for mutating actions (docs/product.md §4 "Mutating dialogs") and the read-only details popup.
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { DetailList, DetailsDialog, type DetailItem, type DetailLayout, type DetailListProps, type DetailsDialogProps } from './details-dialog';
export { InfoDialog, type InfoDialogProps } from './info-dialog';
export { FormDialog, type FormDialogProps } from './form-dialog';
export { useSubmitAction, type SubmitStatus, type SubmitActionOptions } from './use-submit-action';
