import { MessagesTriggers } from './messages-triggers';
import { MoneyTriggers } from './money-triggers';
import { PlaydateTriggers } from './playdate-triggers';

/**
 * What runs app-wide for a logged-in member only: messages, money and playdates with their popups. One chunk, loaded
 * after log-in (decision record 052): a visitor's page never carries it.
 */
export default function MemberHosts() {
  return (
    <>
      <MessagesTriggers />
      <MoneyTriggers />
      <PlaydateTriggers />
    </>
  );
}
