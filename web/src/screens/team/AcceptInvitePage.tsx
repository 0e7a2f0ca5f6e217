import { useMe } from '../../api/queries/useMe';
import { useAcceptInvite } from '../../api/queries/useTeam';
import { Link } from '../../app/router';
import { ErrorMessage, Notice } from '../../components/feedback';
import { t } from '../../i18n';

/**
 * The mailed invitation link (`/team/invites/<token>`). Joining changes whose bots one works on, so it
 * takes a click; opened without a session, the link goes through sign-in (or registration) and back.
 */
export default function AcceptInvitePage({ params }: { params: Record<string, string> }) {
  const accept = useAcceptInvite(params.token);
  const { data: me } = useMe();
  return (
    <section className="card narrow" aria-labelledby="accept-title">
      <h1 id="accept-title">{t('invite.title')}</h1>
      {accept.data ? (
        <>
          <Notice>{t('invite.joined', { role: t(`role.${accept.data.role}`) })}</Notice>
          <Link href="/bots" className="button">
            {t('invite.toBots')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('invite.text')}</p>
          {me && <p className="muted">{t('invite.as', { email: me.email })}</p>}
          <ErrorMessage error={accept.error} />
          <button type="button" disabled={accept.isPending} onClick={() => accept.mutate()}>
            {t('invite.accept')}
          </button>
        </>
      )}
    </section>
  );
}
