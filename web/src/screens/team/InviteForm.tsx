import { FormEvent, useState } from 'react';
import { MEMBER_ROLES, MemberRole, useInvite } from '../../api/queries/useTeam';
import { ErrorMessage, Notice } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';

/** Invites by address with a role; when every seat is taken the form says what frees one. */
export function InviteForm({ full, size }: { full: boolean; size: number }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('administrator');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim().toLowerCase(), role }, { onSuccess: () => setEmail('') });
  };
  return (
    <section className="card" aria-labelledby="invite">
      <h2 id="invite">{t('team.invite.title')}</h2>
      {full && <p className="alert alert-info">{t('team.invite.full', { size })}</p>}
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          required
          autoComplete="off"
          hint={t('team.invite.hint')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <fieldset className="segmented">
          <legend>{t('team.col.role')}</legend>
          {MEMBER_ROLES.map((value) => (
            <label key={value}>
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} />
              {t(`role.${value}`)}
            </label>
          ))}
        </fieldset>
        <ErrorMessage error={invite.error} />
        {invite.data && <Notice>{t('team.invite.sent', { email: invite.data.email })}</Notice>}
        <div>
          <button type="submit" disabled={invite.isPending}>
            {t('team.invite.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
