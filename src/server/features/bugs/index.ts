// bugs's public module: the start-up step and what the data export reads.
export { ensureBugAdminPassword } from './bugs.admin-password';
export {
  // The person's bugs (the data export).
  ofUser as bugsOfUser,
  // The person's votes (the data export).
  votesOfUser as bugVotesOfUser,
} from './bugs.repository';
