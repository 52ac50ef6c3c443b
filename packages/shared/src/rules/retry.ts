import { REQUEST_RETRY_DELAY_MS } from '../constants';

/** Wait before retry number `attempt` (1-based): fixed after a 5xx, growing after a network failure (product §8). */
export function retryDelayMs(reason: 'server-error' | 'network-failure', attempt: number): number {
  return reason === 'server-error' ? REQUEST_RETRY_DELAY_MS : REQUEST_RETRY_DELAY_MS * attempt;
}
