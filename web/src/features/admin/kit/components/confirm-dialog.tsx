/** The console's confirm dialog is the shop's shared one (components/confirm-dialog), in English by default. */
export { ConfirmDialog } from '../../../../components/confirm-dialog';
