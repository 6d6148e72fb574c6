import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeInviteCode, type CreatedInvite, type Family } from '@shared/schemas/family';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import { formatDate } from '@client/lib/dates';
import { errorText } from '@client/lib/errors';
import { isLanguage } from '@client/lib/i18n';
import { useCreateInvite, useFamily, useLeaveFamily, useRemoveMember, useRevokeInvite } from '../api/family-api';
import { useFamilyStrings } from '../strings';
import styles from './family.module.css';

/**
 * Settings → Family: the adults sharing this family, invites for another one, and the way out.
 * `onEnterCode` opens the join page for a code typed here (the page composing this decides how).
 */
export function FamilySettings({ onEnterCode }: { onEnterCode: (code: string) => void }) {
  useFamilyStrings();
  const { t } = useTranslation();
  const family = useFamily();

  if (family.isPending) return <p>{t('family.settings.loading')}</p>;
  if (family.isError) return <Alert>{errorText(family.error, t('family.settings.failed'))}</Alert>;
  return (
    <div className={styles.settings}>
      <p>{t('family.settings.intro')}</p>
      <Members family={family.data} />
      <Invites family={family.data} />
      <JoinByCode onEnterCode={onEnterCode} />
      {family.data.members.length > 1 && <Leave family={family.data} />}
    </div>
  );
}

function useDate() {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  return (iso: string) => formatDate(iso, lang);
}

function Members({ family }: { family: Family }) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState<number | null>(null);
  const youHold = family.holder === family.you;
  return (
    <section aria-labelledby="family-members-heading">
      <h4 id="family-members-heading" className={styles.heading}>
        {t('family.settings.membersHeading')}
      </h4>
      <ul className={styles.list}>
        {family.members.map((m) => (
          <li key={m.user_id}>
            <div className={styles.row}>
              <span>
                <span className={styles.name}>{m.name}</span> {m.user_id === family.you && t('family.settings.you')}
                <br />
                <span className={styles.role}>
                  {m.role === 'holder' ? t('family.settings.holder') : t('family.settings.member')}
                </span>
              </span>
              {youHold && m.user_id !== family.you && confirming !== m.user_id && (
                <Button size="small" variant="danger" onClick={() => setConfirming(m.user_id)}>
                  {t('family.settings.remove', { name: m.name })}
                </Button>
              )}
            </div>
            {confirming === m.user_id && (
              <div className={styles.confirm}>
                <p>{t('family.settings.removeConfirm', { name: m.name })}</p>
                <div className={styles.actions}>
                  <Button size="small" onClick={() => setConfirming(null)}>
                    {t('family.settings.cancel')}
                  </Button>
                  <Button
                    size="small"
                    variant="danger"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(m.user_id, { onSuccess: () => setConfirming(null) })}
                  >
                    {t('family.settings.removeYes')}
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {remove.isError && <Alert>{errorText(remove.error, t('family.settings.failed'))}</Alert>}
    </section>
  );
}

function Invites({ family }: { family: Family }) {
  const { t } = useTranslation();
  const date = useDate();
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [copied, setCopied] = useState(false);
  const link = created ? `${window.location.origin}${created.path}` : '';
  // The invite just shown has its own box; the list holds the others.
  const pending = family.invites.filter((i) => i.id !== created?.id);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the link is selectable in its field.
    }
  };

  return (
    <section aria-labelledby="family-invite-heading">
      <h4 id="family-invite-heading" className={styles.heading}>
        {t('family.settings.inviteHeading')}
      </h4>
      <p className={styles.hint}>{t('family.settings.inviteHint')}</p>
      {created && (
        <div className={styles.invite}>
          <TextField label={t('family.settings.link')} value={link} readOnly onFocus={(e) => e.target.select()} />
          <p>
            {t('family.settings.code')}: <span className={styles.code}>{created.code}</span>
          </p>
          <p className={styles.hint}>{t('family.settings.expires', { date: date(created.expires_at) })}</p>
          <p className={styles.status} role="status">
            {copied ? t('family.settings.copied') : ''}
          </p>
          <div className={styles.actions}>
            <Button onClick={() => void copy()}>{t('family.settings.copy')}</Button>
          </div>
        </div>
      )}
      {create.isError && <Alert>{errorText(create.error, t('family.settings.failed'))}</Alert>}
      <div className={styles.actions}>
        <Button
          variant="primary"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (invite) => {
                setCreated(invite);
                setCopied(false);
              },
            })
          }
        >
          {create.isPending ? t('family.settings.creating') : t('family.settings.invite')}
        </Button>
      </div>
      {pending.length > 0 && (
        <>
          <h5 className={styles.heading}>{t('family.settings.pendingHeading')}</h5>
          <ul className={styles.list}>
            {pending.map((i) => (
              <li key={i.id} className={styles.row}>
                <span>
                  {t('family.settings.pendingItem', {
                    name: i.created_by_name,
                    created: date(i.created_at),
                    expires: date(i.expires_at),
                  })}
                </span>
                <Button
                  size="small"
                  disabled={revoke.isPending}
                  aria-label={t('family.settings.revokeLabel', { created: date(i.created_at) })}
                  onClick={() => revoke.mutate(i.id)}
                >
                  {t('family.settings.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {revoke.isError && <Alert>{errorText(revoke.error, t('family.settings.failed'))}</Alert>}
    </section>
  );
}

function JoinByCode({ onEnterCode }: { onEnterCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const normal = normalizeInviteCode(code);
    if (!normal) return setError(t('family.settings.codeFormat'));
    setError(undefined);
    onEnterCode(normal);
  };
  return (
    <section aria-labelledby="family-join-heading">
      <h4 id="family-join-heading" className={styles.heading}>
        {t('family.settings.joinHeading')}
      </h4>
      <form onSubmit={submit} noValidate className={styles.confirm}>
        <TextField
          label={t('family.settings.codeLabel')}
          hint={t('family.settings.joinHint')}
          value={code}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit">{t('family.settings.continue')}</Button>
        </div>
      </form>
    </section>
  );
}

function Leave({ family }: { family: Family }) {
  const { t } = useTranslation();
  const leave = useLeaveFamily();
  const [confirming, setConfirming] = useState(false);
  const heir = family.members.find((m) => m.user_id !== family.you)?.name ?? '';
  return (
    <section aria-labelledby="family-leave-heading">
      <h4 id="family-leave-heading" className={styles.heading}>
        {t('family.settings.leaveHeading')}
      </h4>
      <p className={styles.hint}>
        {family.holder === family.you ? t('family.settings.leaveHolder', { heir }) : t('family.settings.leaveMember')}
      </p>
      {leave.isError && <Alert>{errorText(leave.error, t('family.settings.failed'))}</Alert>}
      <div className={styles.actions}>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>{t('family.settings.cancel')}</Button>
            <Button variant="danger" disabled={leave.isPending} onClick={() => leave.mutate(undefined)}>
              {leave.isPending ? t('family.settings.leaving') : t('family.settings.leaveYes')}
            </Button>
          </>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('family.settings.leave')}
          </Button>
        )}
      </div>
    </section>
  );
}
