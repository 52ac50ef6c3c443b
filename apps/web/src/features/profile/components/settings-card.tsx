import type { ReactNode } from 'react';
import { useId } from 'react';

interface SettingsCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** One settings form: a titled card of its own. */
export function SettingsCard({ title, intro, children, testId }: SettingsCardProps) {
  const id = useId();
  return (
    <section className="settings-card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="settings-card__title">
        {title}
      </h2>
      {intro ? <p className="settings-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** A polite live region that is always there, so a success message put into it is announced. */
export function SuccessStatus({ message }: { message: string | null }) {
  return (
    <div className="settings-card__status" role="status">
      {message ? <p className="form-alert form-alert--success">{message}</p> : null}
    </div>
  );
}
