// auth's public module: what other features and the session middleware (http/sessions.ts) may use.
export * as sessions from './sessions.repository';
// The person's account for the data export.
export {
  // The profile with when it was made.
  profileForExport,
  // The linked sign-in providers.
  identitiesOf,
  // Whether the person has a password.
  hasPassword,
} from './auth.repository';
