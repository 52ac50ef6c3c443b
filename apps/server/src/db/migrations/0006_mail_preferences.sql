-- Members can stop all non-essential mail with one click (/unsubscribe_mails).
ALTER TABLE users ADD COLUMN mails_unsubscribed_at timestamptz;
