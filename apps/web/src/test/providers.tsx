// What a feature's screen needs around it when rendered without the app: a query client and English texts.
import type { QueryClientConfig } from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { en } from '@/locales';

export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false });

type QueryDefaults = NonNullable<NonNullable<QueryClientConfig['defaultOptions']>['queries']>;

/** A query client that never retries; `queries` adds to its query defaults. */
export function createTestQueryClient(queries: QueryDefaults = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, ...queries }, mutations: { retry: false } } });
}

export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n}>
        {children}
      </I18nextProvider>
    </QueryClientProvider>
  );
}
