import { useQueryClient } from '@tanstack/react-query';
import { SECOND_FACTOR_REFUSALS } from '@velora/shared';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/status-message';
import { Skeleton } from '@/components/skeleton';
import { isApiError } from '@/lib/http';
import { SECOND_FACTOR_QUERY_KEY, useSecondFactor } from '../api/get-second-factor';
import { SecondFactorCheck } from './second-factor-check';
import { SecondFactorSetup } from './second-factor-setup';
import '../second-factor.css';

const REFUSAL_CODES: readonly string[] = Object.values(SECOND_FACTOR_REFUSALS);

/**
 * The studio's and the back office's screens behind two-factor sign-in (decision record 070): a person who works on the
 * site sets up an app, or enters a code, before the screen shows; the server refuses their calls until then anyway.
 * A refusal seen later (the proof ran out after 12 hours) brings the code form back.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const state = useSecondFactor();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.type === 'updated' ? event.query.state.error : null;
        if (error && isApiError(error, 403) && error.code && REFUSAL_CODES.includes(error.code)) {
          void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
        }
      }),
    [queryClient],
  );

  if (state.isPending) {
    return (
      <div className="second-factor" aria-busy="true">
        <Skeleton className="second-factor__skeleton" />
        <span className="visually-hidden" role="status">
          {t('secondFactor.loading')}
        </span>
      </div>
    );
  }
  if (state.isError) return <ErrorState title={t('secondFactor.loadFailed')} onRetry={() => void state.refetch()} />;
  const { needed, enrolled, verified_until } = state.data;
  if (!needed) return <>{children}</>;
  if (!enrolled) return <SecondFactorSetup />;
  if (verified_until === null || verified_until * 1000 <= Date.now()) return <SecondFactorCheck />;
  return <>{children}</>;
}
