// Fixtures of the chat contracts, for the tests of the chat pieces and of the screens that show them.
import type { ChatMessage } from '@velora/shared';

export const chatMessageFixture = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  camera_id: 1,
  kind: 'public',
  author: { user_id: 20, name: 'Ben', role: 'member' },
  to_user_id: null,
  text: `Message ${id}`,
  tip_coins: null,
  system: null,
  created_at: 1_763_000_000_000 + id * 1000,
  ...overrides,
});

/** A handful of the OWASP XSS filter-evasion payloads: each must show as the very text, never become markup. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '"><iframe src=javascript:alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(&quot;XSS&quot;)>',
  '<body onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
] as const;
