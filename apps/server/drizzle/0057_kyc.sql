-- Real-name verification (docs/design.md §9, "KYC, as built"): one row per submission of a
-- player. The ID number is kept sealed (platform/secret-box.ts) with a masked form to show; a
-- player has at most one submission pending or approved, and may send another after a rejection.
CREATE TABLE kyc_submissions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  real_name text NOT NULL CHECK (length(real_name) BETWEEN 2 AND 30),
  id_number_sealed text NOT NULL CHECK (id_number_sealed LIKE 'sealed:v1:%'),
  id_number_masked text NOT NULL CHECK (length(id_number_masked) = 18),
  front_image text NOT NULL,
  back_image text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  submitted_at timestamptz NOT NULL,
  reviewed_by text,
  reviewed_at timestamptz,
  reject_reason text,
  CONSTRAINT kyc_reviewed CHECK ((status = 'pending') = (reviewed_at IS NULL AND reviewed_by IS NULL)),
  CONSTRAINT kyc_reject_reason CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE UNIQUE INDEX kyc_submissions_open ON kyc_submissions (user_id) WHERE status IN ('pending', 'approved');
CREATE INDEX kyc_submissions_of_player ON kyc_submissions (user_id, id DESC);
CREATE INDEX kyc_submissions_queue ON kyc_submissions (status, id DESC);

-- The amount above which a withdrawal needs an approved name (0: never). One row.
CREATE TABLE kyc_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  required_amount bigint NOT NULL DEFAULT 0 CHECK (required_amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO kyc_settings DEFAULT VALUES;

-- The ID card's photos are uploads of their own purposes.
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check
  CHECK (purpose IN ('avatar', 'feedback', 'wechat_qr', 'kyc_front', 'kyc_back'));

-- The messages that tell the player of the review.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('deposit_credited', 'withdrawal_paid',
  'withdrawal_rejected', 'reward_available', 'vip_upgrade', 'feedback_replied', 'login_failures', 'kyc_approved',
  'kyc_rejected', 'operator'));
