-- The player's inbox (/user/myMessage) and feedback (/user/fankui).

-- Personal messages. user_id null: a broadcast to every player, one row however many players.
-- System messages keep their kind and params (rendered in the reader's language when read);
-- an operator's message keeps its texts (body: sanitized HTML; *_en null: Chinese only).
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('deposit_credited', 'withdrawal_paid', 'withdrawal_rejected',
    'reward_available', 'vip_upgrade', 'feedback_replied', 'operator')),
  params jsonb NOT NULL DEFAULT '{}',
  title text,
  body text,
  title_en text,
  body_en text,
  sent_by text,
  created_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  CONSTRAINT messages_operator_texts CHECK ((kind = 'operator') = (title IS NOT NULL AND body IS NOT NULL)),
  CONSTRAINT messages_broadcast_operator CHECK (user_id IS NOT NULL OR kind = 'operator')
);
CREATE INDEX messages_user ON messages (user_id, id DESC);
CREATE INDEX messages_broadcast ON messages (id DESC) WHERE user_id IS NULL;
CREATE INDEX messages_operator ON messages (id DESC) WHERE kind = 'operator';

-- What one player did with a message: read, deleted. No row: unread and kept.
CREATE TABLE message_states (
  user_id bigint NOT NULL REFERENCES users (id),
  message_id bigint NOT NULL REFERENCES messages (id),
  read_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (user_id, message_id)
);
CREATE INDEX message_states_message ON message_states (message_id) WHERE read_at IS NOT NULL;

-- Announcements (notices) a player has read.
CREATE TABLE notice_reads (
  user_id bigint NOT NULL REFERENCES users (id),
  notice_id bigint NOT NULL REFERENCES notices (id),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, notice_id)
);

-- Feedback: images are URLs of the player's uploads (purpose feedback); reply is plain text.
CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('suggestion', 'problem', 'complaint', 'other')),
  content text NOT NULL,
  images jsonb NOT NULL DEFAULT '[]',
  contact text,
  created_at timestamptz NOT NULL,
  reply text,
  replied_by text,
  replied_at timestamptz,
  CONSTRAINT feedback_reply CHECK ((reply IS NULL) = (replied_at IS NULL))
);
CREATE INDEX feedback_user ON feedback (user_id, id DESC);
CREATE INDEX feedback_open ON feedback (id DESC) WHERE reply IS NULL;
