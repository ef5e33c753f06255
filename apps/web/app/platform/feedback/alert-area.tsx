import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { ALERT_CLEAR_MS, type FormAlert } from './alert.ts';

/**
 * A form's alert area (docs/product/errors.md, form alerts), above the form. `alert` is what
 * the last submission ended with and `source` that submission's result (a new object each
 * time). The area is cleared as soon as a submission starts; a transient alert (the request
 * never reached the server) leaves the screen after ALERT_CLEAR_MS but stays in the page,
 * visually hidden, until the next submission, so that a screen reader can still find what its
 * role=alert announced.
 */
export function AlertArea({ alert, source }: { alert: FormAlert | null; source: unknown }) {
  const submitting = useNavigation().state === 'submitting';
  const [clearedFor, setClearedFor] = useState<unknown>(null);
  const transient = alert?.transient === true;

  useEffect(() => {
    if (!transient) return;
    const timer = setTimeout(() => setClearedFor(source), ALERT_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [transient, source]);

  if (!alert || submitting) return null;
  const cleared = transient && clearedFor === source;
  return (
    <div role="alert" className={`alert alert-${alert.type}${cleared ? ' visually-hidden' : ''}`}>
      {alert.title ? <p className="alert-title">{alert.title}</p> : null}
      {alert.lines.length === 1 ? <p>{alert.lines[0]?.text}</p> : null}
      {alert.lines.length > 1 ? (
        <ul>
          {alert.lines.map((line) => (
            <li key={line.field ?? line.text}>{line.text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
