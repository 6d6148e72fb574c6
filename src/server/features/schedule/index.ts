// schedule's public module: a student's own FSRS parameters, and the tuner the server starts.
export { scheduleTuner, storedParameters, studentParameters } from './schedule.service';
