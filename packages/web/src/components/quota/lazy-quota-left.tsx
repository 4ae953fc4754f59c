import { lazy, Suspense } from 'react';
import type { QuotaLeftProps } from './quota-left';

const QuotaLeftInScope = lazy(() => import('./quota-left'));

/** What is left of a quota, on a first screen: loaded after it, with the data cache it needs. */
export function LazyQuotaLeft(props: QuotaLeftProps) {
  return (
    <Suspense fallback={null}>
      <QuotaLeftInScope {...props} />
    </Suspense>
  );
}
