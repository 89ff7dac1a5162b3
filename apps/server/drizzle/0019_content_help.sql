-- Pages by group: rules (the rule pages so far), help (the help centre: one question per page, its
-- title the question and its body the answer, under a category) and about (terms, privacy,
-- responsible gaming, licence…), each ordered by sort.

ALTER TABLE content_pages ADD COLUMN page_group text NOT NULL DEFAULT 'rules'
  CHECK (page_group IN ('rules', 'help', 'about'));
ALTER TABLE content_pages ADD COLUMN category text
  CHECK (category IN ('deposit', 'withdrawal', 'account', 'betting', 'agent'));
ALTER TABLE content_pages ADD COLUMN sort integer NOT NULL DEFAULT 0;
ALTER TABLE content_pages ADD CONSTRAINT content_pages_help_category
  CHECK ((page_group = 'help') = (category IS NOT NULL));
CREATE INDEX content_pages_group ON content_pages (page_group, category, sort);
