// limits's public module: the rate-limit counters every route shares.
export { limitsService } from './limits.service';
