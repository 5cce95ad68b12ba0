import { useEffect, useRef } from "react";

/**
 * The thanks of a sent form (WCAG 4.1.3): a polite live region that is in the page before the
 * message arrives, so screen readers read it out when it does, and focus moves to the message,
 * which brings it into view (on a phone the form it replaces may have been taller than the screen)
 * instead of falling to the page's top.
 */
export function LiveConfirmation({
  message,
  className,
}: {
  /** Null until the form has been sent. */
  message: string | null;
  className: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    // A page that opens with the message (a post without JavaScript) keeps the browser's focus.
    if (mounted.current && message !== null) ref.current?.focus();
    mounted.current = true;
  }, [message]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {message !== null && (
        <p ref={ref} tabIndex={-1} className={className}>
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * A form-wide error (4.1.3): an alert region present from the start, the text put into it when a
 * post is refused, so that it is announced at once.
 */
export function LiveProblem({ message, className }: { message: string | null; className: string }) {
  return <div role="alert">{message !== null && <p className={className}>{message}</p>}</div>;
}
