import type { ReactNode } from 'react';
import { useId } from 'react';

/** A titled card of the profile overview (the subscription, the payment history). */
export function MoneyCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className="money-card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="money-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
