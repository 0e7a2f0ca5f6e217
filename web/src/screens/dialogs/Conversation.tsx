import { FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import {
  DialogClick,
  DialogMessage,
  DialogPress,
  useDialogClicks,
  useDialogMessages,
  useDialogPresses,
  useReply,
} from '../../api/queries/useDialogs';
import { useCanWrite } from '../../api/queries/useMe';
import { Payment, useDialogPayments } from '../../api/queries/useRevenue';
import { EmptyState, ErrorMessage, QueryState } from '../../components/feedback';
import { FilePicker, fileTooLarge, PickedFile } from '../../components/FilePicker';
import { charCount, textLimit } from '../../components/files';
import { formatMoney } from '../../components/money';
import { formatMessageTime, formatNumber, t } from '../../i18n';
import { timeline } from './timeline';

export function Conversation({ bot, userId }: { bot: Bot; userId: string }) {
  const messages = useDialogMessages(bot.id, userId);
  const presses = useDialogPresses(bot.id, userId);
  const clicks = useDialogClicks(bot.id, userId);
  const payments = useDialogPayments(bot.id, userId);
  const canWrite = useCanWrite();
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.data, presses.data, clicks.data, payments.data]);

  return (
    <>
      <QueryState query={messages}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState>{t('dialogs.noMessages')}</EmptyState>
          ) : (
            <ol className="messages" aria-live="polite">
              {timeline(data, [...(presses.data ?? []), ...(clicks.data ?? []), ...(payments.data ?? [])]).map(
                (item) =>
                  'direction' in item ? (
                    <MessageBubble key={item.id} message={item} />
                  ) : 'paid_at' in item ? (
                    <PaymentMarker key={`payment-${item.id}`} payment={item} />
                  ) : 'clicked_at' in item ? (
                    <ClickMarker key={`click-${item.id}`} click={item} />
                  ) : (
                    <PressMarker key={item.id} press={item} />
                  ),
              )}
            </ol>
          )
        }
      </QueryState>
      <div ref={end} />
      {canWrite &&
        (bot.has_token ? <ReplyBox bot={bot} userId={userId} /> : <p className="muted">{t('dialogs.noToken')}</p>)}
    </>
  );
}

/** A button the contact pressed: a small marker at its time, not a bubble. */
function PressMarker({ press }: { press: DialogPress }) {
  return (
    <li className="press-marker">
      <span>{t('dialogs.pressed', { data: press.data })}</span>{' '}
      <time dateTime={press.created_at}>{formatMessageTime(press.created_at)}</time>
    </li>
  );
}

/** A tracked link the contact opened through its own link (one a broadcast sent it): a marker like a press. */
function ClickMarker({ click }: { click: DialogClick }) {
  return (
    <li className="press-marker">
      <span>{t('dialogs.clicked', { url: click.url })}</span>{' '}
      <time dateTime={click.clicked_at}>{formatMessageTime(click.clicked_at)}</time>
    </li>
  );
}

/** A payment, beside the (textless) message that carried it: how much, for what, and whether it went back. */
function PaymentMarker({ payment }: { payment: Payment }) {
  const what = [formatMoney(payment.amount, payment.currency), payment.payload].filter(Boolean).join(' · ');
  return (
    <li className="press-marker payment-marker">
      <span>{t(payment.refunded_at ? 'dialogs.paidRefunded' : 'dialogs.paid', { what })}</span>{' '}
      <time dateTime={payment.paid_at}>{formatMessageTime(payment.paid_at)}</time>
    </li>
  );
}

/** A message matched by intents is outlined in the first intent's colour and names every intent it matched. */
function MessageBubble({ message }: { message: DialogMessage }) {
  const intents = message.intents;
  const style = intents.length
    ? { borderColor: intents[0].color, boxShadow: `inset 4px 0 0 ${intents[0].color}` }
    : undefined;
  return (
    <li className={`message message-${message.direction}${intents.length ? ' message-intent' : ''}`} style={style}>
      <span className="visually-hidden">{message.direction === 'out' ? t('dialogs.you') : t('dialogs.user')}: </span>
      <p className="message-text">{message.text || <span className="muted">{t('dialogs.noText')}</span>}</p>
      <p className="message-meta">
        {intents.map((intent) => (
          <span key={intent.id} className="intent" style={{ borderColor: intent.color }}>
            <span className="intent-dot" style={{ background: intent.color }} aria-hidden="true" />
            {intent.name}
          </span>
        ))}
        <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
      </p>
    </li>
  );
}

/** A text, or a file (photo, audio, document) with the text as its caption; Enter sends, Shift+Enter breaks the line. */
function ReplyBox({ bot, userId }: { bot: Bot; userId: string }) {
  const reply = useReply(bot.id, userId);
  const [text, setText] = useState('');
  const [file, setFile] = useState<PickedFile | null>(null);
  const id = useId();
  const limit = textLimit(bot.platform, file !== null);
  const length = charCount(text);
  const ready = (text.trim() !== '' || file !== null) && length <= limit && !fileTooLarge(file);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || reply.isPending) return;
    reply.mutate(
      { text, file },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
        },
      },
    );
  };
  return (
    <form className="reply" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('dialogs.reply')}
      </label>
      <textarea
        id={id}
        value={text}
        rows={2}
        placeholder={file ? t('dialogs.captionPlaceholder') : t('dialogs.replyPlaceholder')}
        aria-describedby={`${id}-counter`}
        aria-invalid={length > limit ? true : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) submit(event);
        }}
      />
      <button type="submit" disabled={reply.isPending || !ready}>
        {reply.isPending ? t('dialogs.sending') : t('dialogs.send')}
      </button>
      <div className="reply-extras">
        <FilePicker value={file} onChange={setFile} disabled={reply.isPending} />
        <span className={length > limit ? 'counter counter-over' : 'counter'} id={`${id}-counter`}>
          {t('text.counter', { count: formatNumber(length), limit: formatNumber(limit) })}
        </span>
      </div>
      <ErrorMessage error={reply.error} />
    </form>
  );
}
