// study's public module.
export {
  // Records an idempotency key inside the caller's transaction; false when it was recorded before.
  // Other features' retried writes (bug reports) use it, so expiry stays in one place.
  claimKey as claimIdempotencyKey,
} from './study.repository';
