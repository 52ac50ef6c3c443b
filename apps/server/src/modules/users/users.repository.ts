import type { Queryable } from '../../db/database';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  language: 'en' | 'de' | 'fr';
  premium_until: Date | null;
  registration_campaign: string | null;
  registration_region: string | null;
  registration_country: string | null;
  avatar: number | null;
  chatname: string | null;
  first_name: string | null;
  last_name: string | null;
  street: string | null;
  house: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  playdate_notification: boolean;
  camera_mail_notification: boolean;
  age_verified: boolean;
  age: number | null;
  source: string | null;
  other_source: string | null;
  is_team_member: boolean;
  team_kinds: string[];
  model_id: number | null;
  company: 'net' | 'de' | 'ch' | null;
  playdate_block_hidden: boolean;
  upcoming_playdate_block_hidden: boolean;
  email_verified: boolean;
  newsletter_subscribed: boolean;
}

export interface CredentialsRow {
  id: number;
  username: string;
  email: string;
  language: 'en' | 'de' | 'fr';
  password_hash: string;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  language: string;
  registrationCampaign: string | null;
  registrationRegion: string | null;
  registrationCountry: string | null;
}

export interface VisitOriginRow {
  campaign: string | null;
  region: string | null;
  country: string | null;
}

const USER_COLUMNS = `id, username, email, language, premium_until, registration_campaign, registration_region,
  registration_country, avatar, chatname, first_name, last_name, street, house, zip, city, country,
  playdate_notification, camera_mail_notification, age_verified, age, source, other_source, is_team_member, team_kinds,
  model_id, company, playdate_block_hidden, upcoming_playdate_block_hidden,
  (email_verified_at IS NOT NULL) AS email_verified,
  (newsletter_subscribed_at IS NOT NULL AND mails_unsubscribed_at IS NULL) AS newsletter_subscribed`;

// Uniqueness is case-insensitive (unique indexes on lower(...)), so every lookup compares lower() to use them.
export const usersRepository = {
  async findById(db: Queryable, id: number): Promise<UserRow | null> {
    const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  /** A log-in name is a username or an email address; usernames cannot hold '@', so at most one user matches. */
  async usernameOf(db: Queryable, id: number): Promise<string | null> {
    const rows = await db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [id]);
    return rows[0]?.username ?? null;
  },

  async languageOf(db: Queryable, id: number): Promise<string | null> {
    const rows = await db.query<{ language: string }>('SELECT language FROM users WHERE id = $1', [id]);
    return rows[0]?.language ?? null;
  },

  async findCredentialsByLogin(db: Queryable, login: string): Promise<CredentialsRow | null> {
    const rows = await db.query<CredentialsRow>(
      `SELECT id, username, email, language, password_hash FROM users
        WHERE lower(username) = lower($1) OR lower(email) = lower($1)
        ORDER BY (lower(username) = lower($1)) DESC LIMIT 1`,
      [login],
    );
    return rows[0] ?? null;
  },

  async findCredentialsByEmail(db: Queryable, email: string): Promise<CredentialsRow | null> {
    const rows = await db.query<CredentialsRow>('SELECT id, username, email, language, password_hash FROM users WHERE lower(email) = lower($1)', [email]);
    return rows[0] ?? null;
  },

  async usernameExists(db: Queryable, username: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
    return rows.length > 0;
  },

  async emailExists(db: Queryable, email: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    return rows.length > 0;
  },

  async insert(db: Queryable, u: NewUser): Promise<number> {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, language, registration_campaign, registration_region, registration_country)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [u.username, u.email, u.passwordHash, u.language, u.registrationCampaign, u.registrationRegion, u.registrationCountry],
    );
    return rows[0]!.id;
  },

  async updatePasswordHash(db: Queryable, userId: number, passwordHash: string) {
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  },

  async unsubscribeMails(db: Queryable, userId: number, at: Date) {
    // The first unsubscription's time is kept: repeating the click changes nothing.
    await db.query('UPDATE users SET mails_unsubscribed_at = COALESCE(mails_unsubscribed_at, $2) WHERE id = $1', [userId, at]);
  },

  async updateLanguage(db: Queryable, userId: number, language: string) {
    await db.query('UPDATE users SET language = $2 WHERE id = $1', [userId, language]);
  },

  async updateOrganicData(db: Queryable, userId: number, d: { age: number; source: string; otherSource: string | null }) {
    await db.query('UPDATE users SET age = $2, source = $3, other_source = $4 WHERE id = $1', [userId, d.age, d.source, d.otherSource]);
  },
  async updateAgeVerified(db: Queryable, userId: number, verified: boolean) {
    await db.query('UPDATE users SET age_verified = $2 WHERE id = $1', [userId, verified]);
  },

  async roles(db: Queryable, userId: number): Promise<string[]> {
    const rows = await db.query<{ role: string }>('SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role', [userId]);
    return rows.map((r) => r.role);
  },

  // The visits module owns this table; reading three columns here avoids a dependency on a module still being built.
  async visitOrigin(db: Queryable, visitId: string): Promise<VisitOriginRow | null> {
    const rows = await db.query<VisitOriginRow>('SELECT campaign, region, country FROM visits WHERE id = $1', [visitId]);
    return rows[0] ?? null;
  },
};
