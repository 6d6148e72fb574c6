// families's public module: a person's family at sign-up and account deletion.
export { deleteEmptyFamily, prepareAccountDeletion, startFamily } from './families.service';
