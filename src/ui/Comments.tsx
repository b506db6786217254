// The comments of a page (a news, a tournament): the list, and the form for whoever may comment, on the comments
// machine (machines/news-comments.ts). The page gives the machine with its `sendComment` actor (its own endpoint)
// and the invitation to sign in (an app piece, src/app/SignInPrompt.tsx: src/ui does not import src/app).
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useRef, useState, type ComponentType } from 'react'
import { COMMENT_MAX_LENGTH } from '../../contract/news.ts'
import type { NewsCommentsInput, newsCommentsMachine } from '../../machines/news-comments.ts'
import { formatDateTime, formatNumber } from './format.ts'
import './comments.css'
import { journalInspector } from '../journal/journal.ts'

type CommentsLogic = typeof newsCommentsMachine
type CommentsActor = ReturnType<typeof useActorRef<CommentsLogic>>

/** What the invitation to sign in is given (src/app/SignInPrompt.tsx takes these). */
export type SignInPromptProps = { text: string; action: string; className?: string }

/**
 * The comments section. `logic` is the comments machine provided with the page's `sendComment`; `input` is read
 * once, when the section mounts (key it on what should start it over). `level` is its heading's level.
 */
export function Comments({
  logic,
  input,
  level,
  signInPrompt: SignInPrompt,
}: {
  logic: CommentsLogic
  input: NewsCommentsInput
  level: 2 | 3
  signInPrompt: ComponentType<SignInPromptProps>
}) {
  const actor = useActorRef(logic, { input, inspect: journalInspector })
  const comments = useSelector(actor, (s) => s.context.commenti)
  const mayComment = useSelector(actor, (s) => s.context.mayComment)
  const sent = useSelector(actor, (s) => s.context.commentsSent)
  const headingId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  // The form starts over after a comment (and its button was disabled while sending): the focus goes to the
  // comment just published, the last of the list, so the next Tab continues from there and not from nowhere.
  const listRef = useRef<HTMLOListElement>(null)
  useEffect(() => {
    if (sent > 0) listRef.current?.querySelector<HTMLElement>(':scope > li:last-child')?.focus()
  }, [sent])
  return (
    <section className="comments" aria-labelledby={headingId}>
      <Heading id={headingId}>Commenti {comments.length > 0 && `(${formatNumber(comments.length)})`}</Heading>
      {comments.length === 0 ? (
        <p className="comments-muted">Nessun commento per ora{mayComment ? ': scrivi tu il primo.' : '.'}</p>
      ) : (
        <ol className="comments-list" ref={listRef}>
          {comments.map((comment) => (
            <li key={comment.id} className="comment" tabIndex={-1}>
              <p className="comment-head">
                <strong>{comment.autore}</strong>{' '}
                <time dateTime={comment.creato_il} className="comments-muted">
                  {formatDateTime(comment.creato_il)}
                </time>
              </p>
              <p className="comment-text">{comment.testo}</p>
            </li>
          ))}
        </ol>
      )}
      {mayComment ? (
        <CommentForm key={sent} actor={actor} justSent={sent > 0} />
      ) : (
        <SignInPrompt
          className="empty-state comments-signin"
          text="I commenti sono aperti a tutti gli utenti registrati."
          action="Accedi per commentare"
        />
      )}
    </section>
  )
}

function CommentForm({ actor, justSent }: { actor: CommentsActor; justSent: boolean }) {
  const sending = useSelector(actor, (s) => s.hasTag('sending'))
  const error = useSelector(actor, (s) => s.context.commentError)
  const [text, setText] = useState('')
  const fieldId = useId()
  const trimmed = text.trim()
  return (
    <form
      className="form comments-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (trimmed) actor.send({ type: 'comment.send', testo: trimmed })
      }}
    >
      {justSent && (
        <p className="form-success" role="status">
          Commento pubblicato.
        </p>
      )}
      <div className="field">
        <label htmlFor={fieldId}>Il tuo commento</label>
        <textarea
          id={fieldId}
          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          value={text}
          aria-describedby={`${fieldId}-aiuto`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${fieldId}-aiuto`} className="field-hint">
          Solo testo, niente codice HTML. {formatNumber(text.length)} di {formatNumber(COMMENT_MAX_LENGTH)}{' '}
          caratteri.
        </p>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={sending || !trimmed}>
          {sending ? 'Invio…' : 'Pubblica commento'}
        </button>
      </div>
    </form>
  )
}
