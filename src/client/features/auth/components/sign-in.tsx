import { zodResolver } from '@client/lib/form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PASSWORD_MAX } from '@shared/constants';
import { loginSchema, signupSchema, type LoginInput, type SignupInput } from '@shared/schemas/user';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText, serverFieldErrors } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import { startProviderSignIn, useLogin, useProviders, useSignup } from '../api/auth-api';
import styles from './auth.module.css';

/** Sign-in screen: the configured providers, then local sign-in or account creation. */
export function SignIn() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode') === 'create' ? 'create' : 'signin';
  const providers = useProviders();
  const [providerError, setProviderError] = useState<string | null>(null);

  if (providers.isPending) return <Spinner />;
  const list = providers.data?.providers ?? [];
  const oidc = list.filter((p) => p.kind === 'oidc');
  const local = list.some((p) => p.kind === 'local');

  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <h1>{mode === 'create' ? t('auth.signIn.createTitle') : t('auth.signIn.title')}</h1>
        {providerError && <Alert>{providerError}</Alert>}
        {oidc.length > 0 && (
          <div className={styles.providers}>
            {oidc.map((p) => (
              <Button
                key={p.id}
                variant="secondary"
                className={styles.full}
                onClick={() => startProviderSignIn(p.id).catch(() => setProviderError(t('auth.signIn.providerFailed')))}
              >
                {t('auth.signIn.withProvider', { name: p.name })}
              </Button>
            ))}
          </div>
        )}
        {oidc.length > 0 && local && <p className={styles.or}>{t('auth.signIn.or')}</p>}
        {local && (mode === 'create' ? <SignupForm /> : <LoginForm />)}
        {!local && oidc.length === 0 && <Alert>{t('auth.signIn.noMethods')}</Alert>}
        {local && (
          <p className={styles.switch}>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => setParams(mode === 'create' ? {} : { mode: 'create' })}
            >
              {mode === 'create' ? t('auth.signIn.haveAccount') : t('auth.signIn.needAccount')}
            </button>
          </p>
        )}
      </div>
    </main>
  );
}

function authErrorText(err: unknown, t: (k: string) => string): string {
  if (err instanceof ApiRequestError && (err.code === 'invalid_credentials' || err.code === 'email_taken')) {
    return t(`auth.signIn.${err.code}`);
  }
  return errorText(err, t('common.errors.generic'));
}

function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const server = serverFieldErrors(login.error);
  const e = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      {login.error && <Alert>{authErrorText(login.error, t)}</Alert>}
      <TextField
        label={t('auth.signIn.email')}
        type="email"
        autoComplete="email"
        error={e.email?.message ?? server.email}
        {...form.register('email')}
      />
      <TextField
        label={t('auth.signIn.password')}
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        error={e.password?.message ?? server.password}
        {...form.register('password')}
      />
      <Button type="submit" variant="primary" className={styles.full} disabled={login.isPending}>
        {login.isPending ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
      </Button>
    </form>
  );
}

function SignupForm() {
  const { t } = useTranslation();
  const signup = useSignup();
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const server = serverFieldErrors(signup.error);
  const e = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signup.mutate(values))}>
      {signup.error && <Alert>{authErrorText(signup.error, t)}</Alert>}
      <TextField
        label={t('auth.signIn.name')}
        autoComplete="name"
        error={e.name?.message ?? server.name}
        {...form.register('name')}
      />
      <TextField
        label={t('auth.signIn.email')}
        type="email"
        autoComplete="email"
        error={e.email?.message ?? server.email}
        {...form.register('email')}
      />
      <TextField
        label={t('auth.signIn.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.signIn.passwordHint')}
        maxLength={PASSWORD_MAX}
        error={e.password?.message ?? server.password}
        {...form.register('password')}
      />
      <Button type="submit" variant="primary" className={styles.full} disabled={signup.isPending}>
        {signup.isPending ? t('auth.signIn.creating') : t('auth.signIn.create')}
      </Button>
    </form>
  );
}
