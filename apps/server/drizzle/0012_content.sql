-- Announcements and banners (/home, /details/{id}) and rule pages (content/get). Bodies are
-- sanitized HTML, stored already cleaned; *_en columns hold the English text (null: Chinese).

CREATE TABLE notices (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('notice', 'banner')),
  title text NOT NULL,
  summary text NOT NULL,
  body text NOT NULL,
  title_en text,
  summary_en text,
  body_en text,
  image text,
  link text,
  published_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_type_published ON notices (type, published_at DESC);

CREATE TABLE content_pages (
  key text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('zh-CN', 'en')),
  title text NOT NULL,
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, lang)
);
