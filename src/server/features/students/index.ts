// students's public module.
export {
  // Every student of the family (the data export, the class view).
  ofUser as studentsOfUser,
} from './students.repository';
