import { PRODUCT_NAME, type Language } from '@velora/shared';
import { messagesRepository as repo } from '../modules/messages/messages.repository';
import { welcomeSiteMessage } from '../modules/messages/messages.service';
import type { Queryable } from '../db/database';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const DEMO_NEWS_SUBJECT = 'New this week';

/** Two past private playdates of the demo `premium` account with the demo `model` account's model. */
export const DEMO_PLAYDATES = [
  { title: 'Evening chat', daysAgo: 9, durationMinutes: 30 },
  { title: 'Sunday coffee', daysAgo: 3, durationMinutes: 45 },
] as const;

const CONVERSATION: Array<{ from: 'member' | 'model'; text: string; hoursAgo: number }> = [
  { from: 'member', text: 'Hi! Are you planning a live session this weekend?', hoursAgo: 5 },
  { from: 'model', text: 'Hi! Yes, on Saturday at 8 pm. The schedule on my profile has the details.', hoursAgo: 4 },
  { from: 'member', text: 'Great, thank you. See you then!', hoursAgo: 3 },
];

const NEWS_TEXT = [
  'This week brings new photo sets, two new videos and an extra live session on Saturday evening.',
  '',
  `Have a look at the recent updates, and thank you for being part of ${PRODUCT_NAME}.`,
].join('\n');

/**
 * Demo messages: a welcome and one news message in every demo account's site inbox, a short conversation between
 * `member` and `model`, and two past private playdates of `premium` with the model (one with an offline message).
 * No popup messages: a popup would cover the page for every browser test that logs in as a demo user.
 * Safe to run again: what exists is left as it is.
 */
export async function seedDemoMessages(db: Queryable, opts: { now: Date }): Promise<void> {
  const at = (msAgo: number) => new Date(opts.now.getTime() - msAgo);
  const users = await db.query<{ id: number; username: string; model_id: number | null; language: Language }>(
    `SELECT id, username, model_id, language FROM users WHERE username = ANY($1::text[]) ORDER BY id`,
    [['member', 'premium', 'model', 'writer', 'retagger', 'admin']],
  );
  const byName = new Map(users.map((u) => [u.username, u]));
  const member = byName.get('member');
  const model = byName.get('model');
  const premium = byName.get('premium');

  // Oldest first, so that message ids follow time as they do on a live site (the inbox orders by them).
  if (premium && model?.model_id != null) {
    for (const p of DEMO_PLAYDATES) {
      const [existing] = await db.query<{ id: number }>('SELECT id FROM playdates WHERE member_id = $1 AND model_id = $2 AND title = $3', [
        premium.id,
        model.model_id,
        p.title,
      ]);
      if (existing) continue;
      const startsAt = at(p.daysAgo * DAY_MS);
      const playdateId = await repo.insertPlaydate(db, {
        modelId: model.model_id,
        kind: 'private',
        memberId: premium.id,
        title: p.title,
        startsAt,
        durationMinutes: p.durationMinutes,
        createdAt: at((p.daysAgo + 2) * DAY_MS),
        // Over by now: finished, so the playdates' sweep has nothing to start.
        status: startsAt.getTime() + p.durationMinutes * 60_000 <= opts.now.getTime() ? 'finished' : 'scheduled',
      });
      // The demo's history was answered long ago: no feedback question pops up over the demo's first pages.
      await db.query(
        `INSERT INTO playdate_feedback (playdate_id, user_id, rating, created_at)
         SELECT id, member_id, NULL, $2 FROM playdates WHERE id = $1 AND status = 'finished' ON CONFLICT DO NOTHING`,
        [playdateId, opts.now],
      );
      if (p === DEMO_PLAYDATES[0]) {
        const conversationId = await repo.ensurePlaydate(db, playdateId);
        await repo.addParticipants(db, conversationId, [premium.id, model.id]);
        await repo.insertMessage(db, {
          conversationId,
          senderId: model.id,
          body: 'Thank you for the chat! Write to me here if you would like to book another evening.',
          createdAt: new Date(startsAt.getTime() + (p.durationMinutes + 10) * 60_000),
        });
      }
    }
  }

  const siteInboxes = new Map<number, number>();
  for (const user of users) {
    const conversationId = await repo.ensureSite(db, user.id);
    await repo.addParticipants(db, conversationId, [user.id]);
    siteInboxes.set(user.id, conversationId);
    const welcome = welcomeSiteMessage(user.username, user.language);
    if (!(await hasMessage(db, conversationId, welcome.subject ?? undefined))) {
      await repo.insertMessage(db, { conversationId, senderId: null, body: welcome.text, subject: welcome.subject, group: 'account', createdAt: at(2 * DAY_MS) });
    }
  }
  for (const [, conversationId] of siteInboxes) {
    if (!(await hasMessage(db, conversationId, DEMO_NEWS_SUBJECT))) {
      await repo.insertMessage(db, { conversationId, senderId: null, body: NEWS_TEXT, subject: DEMO_NEWS_SUBJECT, group: 'news', createdAt: at(DAY_MS) });
    }
  }

  if (member && model) {
    const conversationId = await repo.ensureDirect(db, member.id, model.id);
    await repo.addParticipants(db, conversationId, [member.id, model.id]);
    if (!(await hasMessage(db, conversationId))) {
      for (const m of CONVERSATION) {
        const sender = m.from === 'member' ? member : model;
        await repo.insertMessage(db, { conversationId, senderId: sender.id, body: m.text, createdAt: at(m.hoursAgo * HOUR_MS) });
        // Whoever answers has read what came before.
        await repo.markRead(db, conversationId, sender.id);
      }
      // The member has read the model's answer; the model has the member's last message still unread.
      await repo.markRead(db, conversationId, member.id);
    }
  }
}

async function hasMessage(db: Queryable, conversationId: number, subject?: string): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM messages WHERE conversation_id = $1 AND ($2::text IS NULL OR subject = $2)) AS found',
    [conversationId, subject ?? null],
  );
  return rows[0]?.found ?? false;
}
