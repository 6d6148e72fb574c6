import { z } from 'zod';
import {
  EMAIL_MAX,
  OAUTH_CODE_MAX,
  OAUTH_ERROR_MAX,
  OAUTH_STATE_MAX,
  OAUTH_TEXT_MAX,
  OAUTH_URL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_NAME_MAX,
} from '../constants';
import { idSchema } from './common';

export const userSchema = z.object({
  id: idSchema,
  email: z.string().nullable(),
  name: z.string(),
  google_user_data: z.object({
    picture: z.string().nullable(),
    given_name: z.string().nullable(),
    name: z.string().nullable(),
  }),
  /** GET /api/users/me: the student this session is locked to in child mode (null: not in child mode). */
  child_student_id: idSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const emailSchema = z.string().trim().max(EMAIL_MAX).pipe(z.email());

export const signupSchema = z.object({
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  name: z.string().trim().min(1).max(USER_NAME_MAX),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Every parameter a provider may put on the redirect to /auth/callback, forwarded as it came (RFC 6749, RFC 9207). */
export const sessionExchangeSchema = z.object({
  code: z.string().min(1).max(OAUTH_CODE_MAX).optional(),
  state: z.string().min(1).max(OAUTH_STATE_MAX),
  iss: z.string().min(1).max(OAUTH_URL_MAX).optional(),
  error: z.string().min(1).max(OAUTH_ERROR_MAX).optional(),
  error_description: z.string().max(OAUTH_TEXT_MAX).optional(),
  error_uri: z.string().max(OAUTH_URL_MAX).optional(),
  session_state: z.string().max(OAUTH_TEXT_MAX).optional(),
});
export type SessionExchange = z.infer<typeof sessionExchangeSchema>;

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['local', 'oidc']),
});
export const providersSchema = z.object({ providers: z.array(providerSchema) });
export type Provider = z.infer<typeof providerSchema>;

export const redirectUrlSchema = z.object({ redirectUrl: z.string() });
